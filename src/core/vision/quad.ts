// Polygon helpers for corner detection: convex hull, the largest quadrilateral on it, and
// which of its corners is the device's top-left. Pure.
import type { Size } from './calibration.js';
import type { Point } from './homography.js';

/** Andrew's monotone chain; counter-clockwise in image coordinates (y down) is clockwise on screen. */
export function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Point[] = [],
    upper: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower.at(-2)!, lower.at(-1)!, p) <= 0) lower.pop();
    lower.push(p);
  }
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper.at(-2)!, upper.at(-1)!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** The four hull points spanning the largest area (hull thinned to at most 80 points first). */
export function largestQuad(hull: Point[]): Point[] | undefined {
  if (hull.length < 4) return undefined;
  const step = Math.max(1, Math.ceil(hull.length / 80));
  const h = hull.filter((_, i) => i % step === 0);
  const n = h.length;
  const area2 = (a: Point, b: Point, c: Point) => Math.abs((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  let best: Point[] | undefined,
    bestArea = -1;
  for (let i = 0; i < n; i++) {
    for (let k = i + 2; k < n; k++) {
      let left = -1,
        leftArea = -1,
        right = -1,
        rightArea = -1;
      for (let j = i + 1; j < k; j++) {
        const a = area2(h[i]!, h[j]!, h[k]!);
        if (a > leftArea) {
          leftArea = a;
          left = j;
        }
      }
      for (let j = k + 1; j < n + i; j++) {
        const a = area2(h[i]!, h[j % n]!, h[k]!);
        if (a > rightArea) {
          rightArea = a;
          right = j % n;
        }
      }
      if (left < 0 || right < 0 || leftArea + rightArea <= bestArea) continue;
      bestArea = leftArea + rightArea;
      best = [h[i]!, h[left]!, h[k]!, h[right]!];
    }
  }
  return best;
}

/**
 * Orders a quadrilateral as device top-left, top-right, bottom-right, bottom-left: clockwise on
 * screen, the top edge the short one for a portrait device, and the device's "up" pointing the
 * way `rotationDeg` (clockwise) turns it.
 */
export function orderForDevice(quad: Point[], deviceSize: Size, rotationDeg: number): Point[] {
  const cx = quad.reduce((s, p) => s + p.x, 0) / 4,
    cy = quad.reduce((s, p) => s + p.y, 0) / 4;
  const clockwise = [...quad].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  const angle = (rotationDeg * Math.PI) / 180;
  const up = { x: Math.sin(angle), y: -Math.cos(angle) };
  const deviceAspect = deviceSize.width / deviceSize.height;
  let best = clockwise,
    bestScore = -Infinity;
  for (let shift = 0; shift < 4; shift++) {
    const c = [0, 1, 2, 3].map((i) => clockwise[(i + shift) % 4]!);
    const top = mid(c[0]!, c[1]!),
      bottom = mid(c[3]!, c[2]!);
    const upLength = Math.hypot(top.x - bottom.x, top.y - bottom.y);
    const alignment = ((top.x - bottom.x) * up.x + (top.y - bottom.y) * up.y) / upLength;
    const aspect = Math.hypot(c[1]!.x - c[0]!.x, c[1]!.y - c[0]!.y) / upLength;
    const score = alignment - Math.abs(Math.log(aspect / deviceAspect));
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

function mid(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
