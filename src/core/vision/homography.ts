// Projective maps (3x3 homographies) between two planes, e.g. the device screen and the camera
// picture: solved from four point pairs, inverted, and applied to points. Pure.

export type Point = { x: number; y: number };
/** Row-major h00..h22 with h22 = 1. */
export type Homography = [number, number, number, number, number, number, number, number, number];

/** The homography that maps each `from` point onto the matching `to` point. */
export function homographyFromPoints(from: Point[], to: Point[]): Homography {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  const h = solve(rows);
  return [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!, 1];
}

/** Gaussian elimination with partial pivoting on an n x (n+1) augmented matrix. */
function solve(rows: number[][]): number[] {
  const n = rows.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const p = rows[col]!;
    if (Math.abs(p[col]!) < 1e-12)
      throw new Error('the four points are degenerate (three on a line): choose other corners');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = rows[r]!;
      const factor = row[col]! / p[col]!;
      for (let c = col; c <= n; c++) row[c]! -= factor * p[c]!;
    }
  }
  return rows.map((row, i) => row[n]! / row[i]!);
}

export function applyHomography(h: Homography, point: Point): Point {
  const w = h[6] * point.x + h[7] * point.y + h[8];
  return { x: (h[0] * point.x + h[1] * point.y + h[2]) / w, y: (h[3] * point.x + h[4] * point.y + h[5]) / w };
}

export function invertHomography(h: Homography): Homography {
  const [a, b, c, d, e, f, g, i, j] = h;
  const A = e * j - f * i,
    B = -(d * j - f * g),
    C = d * i - e * g;
  const det = a * A + b * B + c * C;
  const inv = [
    A,
    -(b * j - c * i),
    b * f - c * e,
    B,
    a * j - c * g,
    -(a * f - c * d),
    C,
    -(a * i - b * g),
    a * e - b * d,
  ].map((v) => v / det);
  const scale = inv[8]!;
  return inv.map((v) => v / scale) as Homography;
}
