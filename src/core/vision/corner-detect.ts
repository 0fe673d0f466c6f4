// Finds the lit screen in a camera picture of the bench: Otsu threshold, the largest bright
// component, the biggest quadrilateral on its convex hull, then each side refined by a robust
// line fit through the component's edge pixels. The user confirms or corrects the result. Pure.
import { screenSizeInCamera, type Size } from './calibration.js';
import { histogramOf, type GrayImage } from './gray-image.js';
import type { Point } from './homography.js';
import { convexHull, largestQuad, orderForDevice } from './quad.js';

export interface CornerDetectOptions {
  /** The device resolution: tells the short sides from the long ones. */
  deviceSize: Size;
  /** How the device is turned in the picture, degrees clockwise (the bench rig: about 90). */
  rotationDeg?: number;
}

export type CornerDetection =
  | { ok: true; corners: Point[]; threshold: number; areaFraction: number; edgeResidualPx: number }
  | { ok: false; problem: string };

export function detectScreenCorners(image: GrayImage, options: CornerDetectOptions): CornerDetection {
  // A dimmed screen under a bright dialog splits in two at the first threshold: try the lower one too.
  const first = otsuThreshold(image);
  const problems: string[] = [];
  for (const threshold of [first, otsuThreshold(image, first)]) {
    const found = screenAtThreshold(image, threshold, options);
    if (found.ok) return found;
    problems.push(found.problem);
  }
  return { ok: false, problem: problems[0]! };
}

function screenAtThreshold(image: GrayImage, threshold: number, options: CornerDetectOptions): CornerDetection {
  const { labels, label, area } = largestBrightComponent(image, threshold);
  const areaFraction = area / (image.width * image.height);
  if (areaFraction < 0.05) {
    return {
      ok: false,
      problem: `no lit screen found: the largest bright region is ${(areaFraction * 100).toFixed(1)} % of the picture (needs 5 %). Light the screen (a light page, full brightness) or give the corners by hand`,
    };
  }
  const edge = edgePixels(labels, image.width, image.height, label);
  if (touchesBorder(edge, image)) {
    return {
      ok: false,
      problem:
        'the largest bright region runs off the picture (the bench, not a screen): light the screen, darken the bench, or give the corners by hand',
    };
  }
  const rough = largestQuad(convexHull(edge));
  if (!rough) return { ok: false, problem: 'the bright region has no four-cornered outline: give the corners by hand' };
  const refined = refineSides(rough, edge);
  const corners = orderForDevice(refined.corners, options.deviceSize, options.rotationDeg ?? 90);
  const size = screenSizeInCamera(corners);
  const aspect = size.width / size.height,
    expected = options.deviceSize.width / options.deviceSize.height;
  if (Math.abs(Math.log(aspect / expected)) > 0.15) {
    return {
      ok: false,
      problem: `the brightest region is ${aspect.toFixed(2)} wide per unit high, the screen ${expected.toFixed(2)}: it is not the whole screen (a dialog? a dark theme?). Show a light page or give the corners by hand`,
    };
  }
  return { ok: true, corners, threshold, areaFraction, edgeResidualPx: refined.residual };
}

/** The level that best splits the pixels (below `below`, when given) into two classes. */
export function otsuThreshold(image: GrayImage, below = 256): number {
  const histogram = histogramOf(image).fill(0, below);
  const total = histogram.reduce((s, n) => s + n, 0);
  let sumAll = 0;
  for (let v = 0; v < 256; v++) sumAll += v * histogram[v]!;
  let sumBelow = 0,
    countBelow = 0,
    best = 0,
    bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    countBelow += histogram[t]!;
    sumBelow += t * histogram[t]!;
    const countAbove = total - countBelow;
    if (countBelow === 0 || countAbove === 0) continue;
    const meanBelow = sumBelow / countBelow,
      meanAbove = (sumAll - sumBelow) / countAbove;
    const variance = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

function touchesBorder(edge: Point[], image: GrayImage): boolean {
  return edge.some((p) => p.x <= 1 || p.y <= 1 || p.x >= image.width - 2 || p.y >= image.height - 2);
}

/** Labels 4-connected pixels above the threshold; returns the biggest component. */
function largestBrightComponent(image: GrayImage, threshold: number) {
  const { data, width, height } = image;
  const labels = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let next = 0,
    bestLabel = 0,
    bestArea = 0;
  for (let start = 0; start < data.length; start++) {
    if (labels[start] !== 0 || data[start]! <= threshold) continue;
    const label = ++next;
    let top = 0,
      area = 0;
    stack[top++] = start;
    labels[start] = label;
    while (top > 0) {
      const i = stack[--top]!;
      area++;
      const x = i % width;
      const neighbours = [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width];
      for (const n of neighbours) {
        if (n < 0 || n >= data.length || labels[n] !== 0 || data[n]! <= threshold) continue;
        labels[n] = label;
        stack[top++] = n;
      }
    }
    if (area > bestArea) {
      bestArea = area;
      bestLabel = label;
    }
  }
  return { labels, label: bestLabel, area: bestArea };
}

/** Pixels of the component with a neighbour outside it (its outline, holes included). */
function edgePixels(labels: Int32Array, width: number, height: number, label: number): Point[] {
  const points: Point[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      if (labels[i] !== label) continue;
      if (
        labels[i - 1] !== label ||
        labels[i + 1] !== label ||
        labels[i - width] !== label ||
        labels[i + width] !== label
      )
        points.push({ x, y });
    }
  }
  return points;
}

interface Line {
  point: Point;
  direction: Point;
}

/**
 * Fits a line to the edge pixels near each side (middle 80 %), drops outliers, intersects
 * neighbours. The residual is the RMS distance of the kept edge pixels from their lines (camera px):
 * how straight the screen's outline looked.
 */
function refineSides(rough: Point[], edge: Point[]): { corners: Point[]; residual: number } {
  let squares = 0,
    count = 0;
  const lines = rough.map((a, k) => {
    const b = rough[(k + 1) % 4]!;
    let near = edge.filter((p) => nearSegment(p, a, b, 6, 0.1));
    let line = fitLine(near) ?? { point: a, direction: { x: b.x - a.x, y: b.y - a.y } };
    for (let round = 0; round < 2; round++) {
      near = near.filter((p) => distanceToLine(p, line) < 2);
      line = fitLine(near) ?? line;
    }
    for (const p of near) {
      squares += distanceToLine(p, line) ** 2;
      count++;
    }
    return line;
  });
  // Edge pixels are the outermost pixels inside; the edge itself lies half a pixel further out.
  const cx = rough.reduce((s, p) => s + p.x, 0) / 4,
    cy = rough.reduce((s, p) => s + p.y, 0) / 4;
  const shifted = lines.map((line) => {
    const normal = { x: -line.direction.y, y: line.direction.x };
    const sign = Math.sign((line.point.x - cx) * normal.x + (line.point.y - cy) * normal.y);
    return { ...line, point: { x: line.point.x + 0.5 * sign * normal.x, y: line.point.y + 0.5 * sign * normal.y } };
  });
  return {
    corners: shifted.map((line, k) => intersect(shifted[(k + 3) % 4]!, line) ?? rough[k]!),
    residual: Math.sqrt(squares / Math.max(1, count)),
  };
}

function nearSegment(p: Point, a: Point, b: Point, maxDistance: number, endMargin: number): boolean {
  const dx = b.x - a.x,
    dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared;
  if (t < endMargin || t > 1 - endMargin) return false;
  return Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / Math.sqrt(lengthSquared) < maxDistance;
}

/** Total least squares: the principal direction of the points through their centroid. */
function fitLine(points: Point[]): Line | undefined {
  if (points.length < 10) return undefined;
  let mx = 0,
    my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= points.length;
  my /= points.length;
  let sxx = 0,
    syy = 0,
    sxy = 0;
  for (const p of points) {
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
    sxy += (p.x - mx) * (p.y - my);
  }
  const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  return { point: { x: mx, y: my }, direction: { x: Math.cos(angle), y: Math.sin(angle) } };
}

function distanceToLine(p: Point, line: Line): number {
  const { direction: d, point: q } = line;
  return Math.abs((p.x - q.x) * d.y - (p.y - q.y) * d.x) / Math.hypot(d.x, d.y);
}

function intersect(a: Line, b: Line): Point | undefined {
  const det = a.direction.x * b.direction.y - a.direction.y * b.direction.x;
  if (Math.abs(det) < 1e-9) return undefined;
  const t = ((b.point.x - a.point.x) * b.direction.y - (b.point.y - a.point.y) * b.direction.x) / det;
  return { x: a.point.x + t * a.direction.x, y: a.point.y + t * a.direction.y };
}
