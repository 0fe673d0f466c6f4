// Long horizontal strokes: text fields (an underline under a lighter box; focused = thicker) and
// outlined buttons (two strokes of the same extent, a button's height apart). A row counts when
// a run of pixels clearly darker than the page spans most of the content column; consecutive
// such rows are one stroke. Rows inside filled shapes (a button's fill) are left out. Pure.
import type { Patch } from './detect-filled.js';
import type { LayoutPicture } from './layout-pixels.js';
import { toDeviceBox } from './layout-pixels.js';
import type { ShapeHint } from './screen-elements.js';

/** A stroke pixel is below this share of the darker of the page 4 dp above and 4 dp below it (local: glare and vignette move the page level). */
const DARK_SHARE = 0.78;
/** A stroke spans at least this much of the 360 dp width. */
const MIN_RUN_DP = 150;
/** Android draws a field 56..60 dp tall above its underline. */
const FIELD_HEIGHT_DP = 60;
/**
 * Underlines are 1 dp, focused 2 dp. Blur spreads a stroke, so its darkness is summed across
 * rows (in dp of full contrast): about 0.6 for a plain underline, 1.2 for a focused one (measured).
 */
const FOCUSED_MASS_DP = 0.9;

interface Stroke {
  y0: number;
  y1: number;
  x0: number;
  x1: number;
}

export function horizontalStrokes(picture: LayoutPicture, exclude: Patch[]): Stroke[] {
  const { image } = picture;
  const strokes: Stroke[] = [];
  const gap = Math.round(4 * picture.px);
  let open: Stroke | undefined;
  for (let y = gap; y < image.height - gap; y++) {
    const run = longestDarkRun(image.data, y * image.width, image.width, gap * image.width);
    // Only a tall fill (a button's) hides strokes; a 2 dp patch is the stroke itself (a focused underline).
    const inside = exclude.some(
      (p) =>
        p.y1 - p.y0 > 6 * picture.px &&
        y >= p.y0 &&
        y < p.y1 &&
        run.x0 >= p.x0 - picture.px * 4 &&
        run.x1 <= p.x1 + picture.px * 4,
    );
    if (run.x1 - run.x0 >= MIN_RUN_DP * picture.px && !inside) {
      if (open && y === open.y1) {
        open.y1 = y + 1;
        open.x0 = Math.min(open.x0, run.x0);
        open.x1 = Math.max(open.x1, run.x1);
      } else {
        open = { y0: y, y1: y + 1, x0: run.x0, x1: run.x1 };
        strokes.push(open);
      }
    }
  }
  // A stroke more than 4 dp thick is a filled area, not a line.
  return strokes.filter((s) => s.y1 - s.y0 <= 4 * picture.px);
}

function longestDarkRun(data: Uint8Array, offset: number, width: number, gap: number): { x0: number; x1: number } {
  let best = { x0: 0, x1: 0 },
    start = -1;
  for (let x = 0; x <= width; x++) {
    const dark =
      x < width && data[offset + x]! < DARK_SHARE * Math.min(data[offset + x - gap]!, data[offset + x + gap]!);
    if (dark && start < 0) start = x;
    if (!dark && start >= 0) {
      if (x - start > best.x1 - best.x0) best = { x0: start, x1: x };
      start = -1;
    }
  }
  return best;
}

export function detectStrokeShapes(picture: LayoutPicture, filled: Patch[]): ShapeHint[] {
  const strokes = horizontalStrokes(picture, filled);
  const used = new Set<Stroke>();
  const shapes: ShapeHint[] = [];
  const dp = picture.px;
  // Outlined buttons first: a top and a bottom stroke of the same extent, 36..60 dp apart.
  for (const top of strokes) {
    if (used.has(top)) continue;
    const bottom = strokes.find(
      (s) =>
        !used.has(s) &&
        s !== top &&
        s.y0 - top.y1 >= 32 * dp &&
        s.y0 - top.y1 <= 60 * dp &&
        Math.abs(s.x0 - top.x0) < 6 * dp &&
        Math.abs(s.x1 - top.x1) < 6 * dp,
    );
    if (!bottom) continue;
    used.add(top);
    used.add(bottom);
    // The strokes stop where the rounded ends begin: the shape reaches half its height further out.
    const reach = (bottom.y1 - top.y0) / 2;
    shapes.push({
      kind: 'button',
      outlined: true,
      box: toDeviceBox(
        picture,
        Math.max(0, top.x0 - reach),
        top.y0,
        Math.min(picture.image.width, top.x1 + reach),
        bottom.y1,
      ),
    });
  }
  const buttons = [...shapes];
  for (const line of strokes) {
    if (used.has(line)) continue;
    const y0 = Math.max(0, line.y1 - FIELD_HEIGHT_DP * dp);
    const box = toDeviceBox(picture, line.x0, y0, line.x1, line.y1);
    // A piece of an outlined button's stroke is not a field.
    if (buttons.some((b) => overlapShare(box, b.box) > 0.3)) continue;
    shapes.push({ kind: 'field', box, state: { focused: strokeMass(picture, line) >= FOCUSED_MASS_DP } });
  }
  return shapes;
}

/** The stroke's darkness summed across its rows, in dp of full contrast, over its middle half. */
function strokeMass(picture: LayoutPicture, line: Stroke): number {
  const { image, px } = picture;
  const reach = Math.round(3 * px),
    gap = Math.round(5 * px);
  const x0 = Math.round(line.x0 + (line.x1 - line.x0) / 4),
    x1 = Math.round(line.x1 - (line.x1 - line.x0) / 4);
  let mass = 0;
  for (let x = x0; x < x1; x++) {
    const page = Math.max(
      1,
      Math.min(
        image.data[(line.y0 - gap) * image.width + x] ?? 255,
        image.data[(line.y1 + gap) * image.width + x] ?? 255,
      ),
    );
    for (let y = Math.max(0, line.y0 - reach); y < Math.min(image.height, line.y1 + reach); y++)
      mass += Math.max(0, 1 - image.data[y * image.width + x]! / page);
  }
  return mass / (x1 - x0) / px;
}

function overlapShare(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / (a.width * a.height) : 0;
}
