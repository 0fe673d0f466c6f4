// Device pixels -> actuator coordinates, fitted by least squares from taps at known points
// (at least three, not on one line). Reports the residual error in device pixels. Pure.
import type { Point } from './homography.js';

/** x' = a x + b y + c, y' = d x + e y + f. */
export type Affine = [number, number, number, number, number, number];

export interface PointPair {
  device: Point;
  actuator: Point;
}

export interface AffineFit {
  affine: Affine;
  /** Per pair: how far the fitted map's inverse puts the actuator point from the device point, in device px. */
  residuals: number[];
  rmsResidual: number;
  maxResidual: number;
}

export const identityAffine: Affine = [1, 0, 0, 0, 1, 0];

export function applyAffine(m: Affine, p: Point): Point {
  return { x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5] };
}

export function invertAffine(m: Affine): Affine {
  const [a, b, c, d, e, f] = m;
  const det = a * e - b * d;
  if (Math.abs(det) < 1e-12) throw new Error('the actuator map is degenerate (it flattens the screen onto a line)');
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

export function fitAffine(pairs: PointPair[]): AffineFit {
  if (pairs.length < 3) throw new Error(`an actuator map needs at least 3 tapped points; got ${pairs.length}`);
  // Normal equations: (A^T A) p = A^T t with rows [x, y, 1], once for x' and once for y'.
  const ata = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const atx = [0, 0, 0],
    aty = [0, 0, 0];
  for (const { device, actuator } of pairs) {
    const row = [device.x, device.y, 1];
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) ata[i]![j]! += row[i]! * row[j]!;
      atx[i]! += row[i]! * actuator.x;
      aty[i]! += row[i]! * actuator.y;
    }
  }
  const px = solve3(ata, atx),
    py = solve3(ata, aty);
  const affine: Affine = [px[0]!, px[1]!, px[2]!, py[0]!, py[1]!, py[2]!];
  const back = invertAffine(affine);
  const residuals = pairs.map(({ device, actuator }) => {
    const p = applyAffine(back, actuator);
    return Math.hypot(p.x - device.x, p.y - device.y);
  });
  return {
    affine,
    residuals,
    rmsResidual: Math.sqrt(residuals.reduce((s, r) => s + r * r, 0) / residuals.length),
    maxResidual: Math.max(...residuals),
  };
}

/** Cramer's rule on a 3x3 system. */
function solve3(m: number[][], v: number[]): number[] {
  const det = (a: number[][]) =>
    a[0]![0]! * (a[1]![1]! * a[2]![2]! - a[1]![2]! * a[2]![1]!) -
    a[0]![1]! * (a[1]![0]! * a[2]![2]! - a[1]![2]! * a[2]![0]!) +
    a[0]![2]! * (a[1]![0]! * a[2]![1]! - a[1]![1]! * a[2]![0]!);
  const d = det(m);
  if (Math.abs(d) < 1e-9 * Math.max(1, Math.abs(m[0]![0]! * m[1]![1]!))) {
    throw new Error('the tapped points are on one line (or repeated): tap at least 3 points spread over the screen');
  }
  return [0, 1, 2].map((col) => det(m.map((row, r) => row.map((x, c) => (c === col ? v[r]! : x)))) / d);
}
