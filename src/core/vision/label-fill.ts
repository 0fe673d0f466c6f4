// A button found from its label outwards: a short line of text on a fill whose four edges stand
// round it, each a step in level a few dp past the text, the text centred between them. The ink
// cells (ink-cells.ts) judge a fill against the page of the 120 dp around it, with one threshold
// for the whole screen; through a camera that loses faint fills: a grey button on a white page
// 35 levels apart on the screenshot is 10 apart when the camera clips the page's white, and a
// glare spot's edge drifts the page 40 levels across a dialog so that the fill of one end is the
// page of the other (a real app's "GRANT PERMISSION" was two half buttons, neither solid). Here
// each side's edge is a local step (a few dp's mean on each side of it, against the noise of a
// flat run), so slow light and clipping do not matter. Pure.
import { meanIn, toDeviceBox, type LayoutPicture } from './layout-pixels.js';
import { BUTTON } from './detect-controls.js';
import type { OcrLine } from './ocr-line.js';
import type { LayoutHints, ShapeHint } from './screen-elements.js';
import type { Box } from './screen-model.js';

/** A label: at most this many words, its line at most this many dp tall. */
const LABEL = { maxWords: 4, maxHeight: 22 };
/** The edges sought this far (dp) past the text: above and below, and beside it. */
const REACH = { vertical: 24, horizontal: 120 };
/**
 * An edge: the mean of 3 dp past it this many levels from the 3 dp before it (a grey fill 9 levels
 * off a clipped white page through the camera, 5 at its top where the glare adds, 3..4 at a side
 * where a glare spot's edge lightens the page beside it). Above and below the text each level is a
 * row's mean across most of the label's width (60 pixels or more: the camera's noise averages to
 * half a level); beside it a column's over the fill's height between those two edges (30 pixels
 * or more; over half the text's height, 10 pixels, a side took 5 levels). Measured on the recorded
 * apps through the camera: 3 found more buttons than 5, no false one.
 */
const STEP = 3;
/**
 * The text centred: the gaps to the two edges of an axis differ by at most 4 dp and a tenth of
 * the gaps (a title on a toolbar or a dialog's card, edges round it too, starts at the left).
 */
const CENTRED = { dp: 4, share: 0.1 };

/** Button shapes round short labels that no shape or panel of `hints` holds. */
export function labelFills(picture: LayoutPicture, lines: readonly OcrLine[], hints: LayoutHints): ShapeHint[] {
  const taken = [
    ...(hints.shapes ?? []).map((shape) => shape.box),
    ...(hints.regions ?? []).filter((region) => region.kind === 'toast' || region.kind === 'banner').map((r) => r.box),
  ];
  const found: ShapeHint[] = [];
  for (const line of lines) {
    if (line.words.length > LABEL.maxWords) continue;
    const dp = picture.deviceSize.width / 360;
    if (line.box.height > LABEL.maxHeight * dp) continue;
    const centre = { x: line.box.x + line.box.width / 2, y: line.box.y + line.box.height / 2 };
    if (taken.some((box) => inside(centre, box))) continue;
    const box = fillAround(picture, line.box);
    if (box && !found.some((shape) => inside(centre, shape.box))) found.push({ kind: 'button', box });
  }
  return found;
}

/** The fill's box round the text (device pixels), or undefined when it has no four edges of a button. */
function fillAround(picture: LayoutPicture, text: Box): Box | undefined {
  const s = 1 / picture.toDevice;
  const px = picture.px;
  // The text's box in image pixels, 2 dp clear of its glyphs (the camera's blur spreads their ink
  // past the box the reader gives, a step of 3 levels within a dp of it).
  const clear = 2 * px;
  const x0 = text.x * s - clear,
    x1 = (text.x + text.width) * s + clear,
    y0 = text.y * s - clear,
    y1 = (text.y + text.height) * s + clear;
  const span = { from: x0 + (x1 - x0) * 0.1, to: x1 - (x1 - x0) * 0.1 };
  const row = (y: number) => meanIn(picture.image, span.from, y, span.to, y + 1);
  const top = edge(row, y0, -1, REACH.vertical * px, px, STEP),
    bottom = edge(row, y1, 1, REACH.vertical * px, px, STEP);
  if (top === undefined || bottom === undefined) return undefined;
  // Beside the text each level is a column's mean over the fill's height, its top and bottom
  // edges' blur (2 dp) left out.
  const band = { from: top + 2 * px, to: bottom - 2 * px };
  const column = (x: number) => meanIn(picture.image, x, band.from, x + 1, band.to);
  const left = edge(column, x0, -1, REACH.horizontal * px, px, STEP),
    right = edge(column, x1, 1, REACH.horizontal * px, px, STEP);
  if (left === undefined || right === undefined) return undefined;
  const width = (right - left) / px,
    height = (bottom - top) / px;
  // A tonal button's measures (detect-controls.ts), its fill's solidity aside.
  if (height < BUTTON.minHeight || height > BUTTON.maxHeight || width < BUTTON.minWidth || width <= height)
    return undefined;
  if (width >= BUTTON.maxWidthShare * 360) return undefined;
  const gaps = { left: x0 - left, right: right - x1, top: y0 - top, bottom: bottom - y1 };
  const centred = (a: number, b: number) => Math.abs(a - b) <= CENTRED.dp * px + (CENTRED.share * (a + b)) / 2;
  if (!centred(gaps.left, gaps.right) || !centred(gaps.top, gaps.bottom)) return undefined;
  return toDeviceBox(picture, left, top, right, bottom);
}

/**
 * From `start` outwards (`direction` -1 or 1), the first place within `reach` pixels where the
 * mean of the 3 dp past it is `least` levels or more from the mean of the 3 dp before it, and the
 * 3 dp after those too (a fill's edge, not a divider's thin rule): the place, or undefined. Each
 * mean is a band's, so the camera's noise is averaged away; a slow drift of the light moves
 * neither mean from the other.
 */
function edge(
  levelAt: (at: number) => number,
  start: number,
  direction: -1 | 1,
  reach: number,
  px: number,
  least: number,
): number | undefined {
  const width = Math.max(2, Math.round(3 * px));
  const levels: number[] = [];
  for (let k = 0; k <= reach + 3 * width; k++) levels.push(levelAt(Math.round(start + direction * k)));
  const mean = (from: number, to: number) => {
    let sum = 0;
    for (let k = from; k < to; k++) sum += levels[k]!;
    return sum / (to - from);
  };
  for (let k = width; k + 3 * width <= levels.length; k++) {
    const before = mean(k - width, k),
      step = mean(k, k + width) - before;
    if (Math.abs(step) < least) continue;
    // A fill's edge: the level past it stays off the fill; past a thin rule (a divider) it comes back.
    const beyond = mean(k + width, k + 2 * width) - before;
    if (Math.sign(beyond) === Math.sign(step) && Math.abs(beyond) >= least) return start + direction * k;
    // A raised button's shadow: a thin rule darker than the fill, and past it a page off the fill
    // (an orange button on a green page, 4 levels apart through the camera, its shadow 10 darker).
    const past = mean(k + 2 * width, k + 3 * width) - before;
    return step < 0 && Math.abs(past) >= least ? start + direction * k : undefined;
  }
  return undefined;
}

function inside(point: { x: number; y: number }, box: Box): boolean {
  return point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
}
