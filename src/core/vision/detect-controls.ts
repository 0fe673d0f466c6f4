// Android's own controls as real apps draw them (Material and AppCompat), found in the ink cells
// (ink-cells.ts): a switch (a 14 dp track with a 20 dp thumb at one end, on when the thumb is at
// the right), a checkbox (an 18 dp square: hollow is off, filled is on) and a tonal button (a
// solid fill 30..64 dp tall a little off its page: AppCompat's grey #D6D7D7 on #FAFAFA). The
// virtual phone's own drawing is found by detect-filled.ts; these take only what it left. Pure.
import { connectedGroups, type CellGroup } from './connected-groups.js';
import { inkCells, type InkCells } from './ink-cells.js';
import { percentileOf } from './gray-image.js';
import { iou, meanIn, toDeviceBox, type LayoutPicture } from './layout-pixels.js';
import { groupAt, localInk, type LocalInk } from './local-ink.js';
import { cutBox } from './line-crop.js';
import type { ShapeHint } from './screen-elements.js';
import type { Box } from './screen-model.js';
import { NAVIGATION_BAR_SHARE, STATUS_BAR_SHARE } from './build-elements.js';
import { toolbarIcons } from './toolbar-icons.js';
import { overflowDots } from './overflow-dots.js';

/** A switch with its thumb: 26..40 dp wide, 15..26 dp tall (measured on real apps: 32..33 x 20..23). */
const SWITCH = { minWidth: 26, maxWidth: 40, minHeight: 15, maxHeight: 26 };
/** A faint switch's ink at least this many dp each way (its thumb alone: 20 dp drawn, 14 of it inked on a dark card). */
const FAINT_SWITCH = { minSide: 10 };
/** The thumb stands this many dp taller than the track (20 dp against 14, less where the thumb's edge is faint). */
const THUMB_OVER_TRACK = 3;
/** Page (no ink) this many dp left and right of a switch or checkbox, beside all its rows. */
const APART_DP = 6;
/** A checkbox's square, in dp (18 drawn; its edge's antialiasing adds one). */
const CHECKBOX = { min: 15, max: 22 };
/**
 * A checked box's mark: at least this share of the pixels 3 dp inside its square are nearer the
 * page's level than the fill's. A real app's mark (a 2 dp stroke) covered 22 %; the navigation
 * bar's Recents square, a filled square with nothing inside, 0 %.
 */
const CHECK_MARK_SHARE = 0.05;
/** A tonal button: 30..64 dp tall, at least 48 wide, narrower than this share of the screen (a bar or snackbar is not one). */
export const BUTTON = { minHeight: 30, maxHeight: 64, minWidth: 48, maxWidthShare: 0.94, solid: 0.85 };

export interface Controls {
  shapes: ShapeHint[];
  /** Bars across the screen that hold buttons (a dialog's or an activity's button bar): their edges are no underlines. */
  bars: Box[];
}

export function detectControls(picture: LayoutPicture, ink: InkCells = inkCells(picture)): Controls {
  const cellsPerDp = picture.px / ink.cell;
  const shapes: ShapeHint[] = [];
  const bars: Box[] = [];
  // The phone's bars hold icons, not the app's controls (the Recents square is no checkbox).
  const top = ink.rows * STATUS_BAR_SHARE,
    bottom = ink.rows * (1 - NAVIGATION_BAR_SHARE);
  const groups = connectedGroups(ink.mask, ink.columns, ink.rows);
  for (const group of groups) {
    if (group.r0 < top || group.r1 > bottom) continue;
    const width = (group.c1 - group.c0 + 1) / cellsPerDp,
      height = (group.r1 - group.r0 + 1) / cellsPerDp,
      solid = group.count / ((group.c1 - group.c0 + 1) * (group.r1 - group.r0 + 1));
    const box = () =>
      toDeviceBox(
        picture,
        group.c0 * ink.cell,
        group.r0 * ink.cell,
        (group.c1 + 1) * ink.cell,
        (group.r1 + 1) * ink.cell,
      );
    // A control stands apart; a word's letters do not ("off" in a bold title, an "o" beside
    // taller "ff", read as a switch on the virtual phone's promotion dialog).
    const apart = standsApart(ink, group, Math.round(APART_DP * cellsPerDp));
    const checked = apart ? checkboxState(picture, ink, group, width, height, solid) : undefined;
    if (checked !== undefined) {
      shapes.push({ kind: 'checkbox', box: box(), state: { checked } });
      continue;
    }
    const thumb = apart ? thumbSide(ink, group, width, height, solid, cellsPerDp) : undefined;
    if (thumb) {
      shapes.push({ kind: 'toggle', box: box(), state: { checked: thumb === 'right' } });
      continue;
    }
    // Held apart on its own window's ink, not on this one's: the faint thumb's few cells here
    // touch it at no distance.
    const faint = faintSwitch(picture, ink, group, width, height, cellsPerDp);
    if (faint && !shapes.some((shape) => iou(shape.box, faint.box) > 0)) {
      shapes.push(faint);
      continue;
    }
    if (isTonalButton(width, height, solid, ink.columns / cellsPerDp)) shapes.push({ kind: 'button', box: box() });
    else if (width >= BUTTON.maxWidthShare * (ink.columns / cellsPerDp) && height >= BUTTON.minHeight) {
      const held = barButtons(picture, ink, group, height, solid, cellsPerDp);
      if (held.length) bars.push(box());
      shapes.push(...held);
    }
  }
  const inContent = groups.filter((group) => group.r0 >= top && group.r1 <= bottom);
  return { shapes: [...shapes, ...toolbarIcons(picture, ink), ...overflowDots(picture, ink, inContent)], bars };
}

function isTonalButton(width: number, height: number, solid: number, screenDp: number): boolean {
  return (
    height >= BUTTON.minHeight &&
    height <= BUTTON.maxHeight &&
    width >= BUTTON.minWidth &&
    width > height &&
    width < BUTTON.maxWidthShare * screenDp &&
    solid >= BUTTON.solid
  );
}

/**
 * A solid bar across the screen, up to two buttons' height, is no button itself but may hold
 * some: a real app's bottom bar (#AAA) held two #5B5B5D buttons, all of it ink against the dark
 * page above, shaded from top to bottom. Looked at against each row's own level at the bar's ends
 * (local-ink.ts), each
 * solid fill in it that a tonal button's rule takes is a button.
 */
function barButtons(
  picture: LayoutPicture,
  ink: InkCells,
  group: CellGroup,
  height: number,
  solid: number,
  cellsPerDp: number,
): ShapeHint[] {
  if (height > 2 * BUTTON.maxHeight || solid < BUTTON.solid) return [];
  const local = localInk(picture, ink, group, 'row ends');
  const screenDp = ink.columns / cellsPerDp;
  return connectedGroups(local.ink.mask, local.ink.columns, local.ink.rows).flatMap((found) => {
    const w = (found.c1 - found.c0 + 1) / cellsPerDp,
      h = (found.r1 - found.r0 + 1) / cellsPerDp;
    const filled = found.count / ((found.c1 - found.c0 + 1) * (found.r1 - found.r0 + 1));
    if (!isTonalButton(w, h, filled, screenDp)) return [];
    const box = toDeviceBox(
      picture,
      (local.c0 + found.c0) * ink.cell,
      (local.r0 + found.r0) * ink.cell,
      (local.c0 + found.c1 + 1) * ink.cell,
      (local.r0 + found.r1 + 1) * ink.cell,
    );
    return [{ kind: 'button' as const, box }];
  });
}

/**
 * A switch whose ink here is only its thumb, or its thumb and a few cells of its track (a
 * disabled switch on a dark dialog's card): looked at again against its own surroundings
 * (local-ink.ts), grown by a track's length each way, and held to the same thumb-and-track test.
 */
function faintSwitch(
  picture: LayoutPicture,
  ink: InkCells,
  group: CellGroup,
  width: number,
  height: number,
  cellsPerDp: number,
): ShapeHint | undefined {
  if (width < FAINT_SWITCH.minSide || width > SWITCH.maxWidth) return undefined;
  if (height < FAINT_SWITCH.minSide || height > SWITCH.maxHeight) return undefined;
  // Grown by a track's length each way, and by what a switch's height leaves above and below
  // the group (through the camera a faint thumb's ink here can be half its height).
  const grow = Math.round((SWITCH.maxWidth - FAINT_SWITCH.minSide + APART_DP) * cellsPerDp),
    growRows = Math.round((Math.max(APART_DP, SWITCH.maxHeight - height) + 1) * cellsPerDp);
  // Not into the screen's outer 4 dp: through the camera the bezel's bleed lies there.
  const edge = Math.round(4 * cellsPerDp);
  const window = {
    c0: Math.max(edge, group.c0 - grow),
    r0: group.r0 - growRows,
    c1: Math.min(ink.columns - 1 - edge, group.c1 + grow),
    r1: group.r1 + growRows,
  };
  // The window's border level first; where the light slopes across the window (through the
  // camera, a window reaching the screen's vignetted edge), each row's level from side to side.
  for (const page of ['border', 'sides'] as const) {
    const local = localInk(picture, ink, window, page);
    const found = groupAt(local, Math.round((group.c0 + group.c1) / 2), Math.round((group.r0 + group.r1) / 2));
    const thumb = found && localThumb(local, found, cellsPerDp);
    if (!found || !thumb) continue;
    return {
      kind: 'toggle',
      box: toDeviceBox(
        picture,
        (local.c0 + found.c0) * ink.cell,
        (local.r0 + found.r0) * ink.cell,
        (local.c0 + found.c1 + 1) * ink.cell,
        (local.r0 + found.r1 + 1) * ink.cell,
      ),
      state: { checked: thumb === 'right' },
    };
  }
  return undefined;
}

/** The thumb's side of a switch found in a local window, or undefined when it is none. */
function localThumb(local: LocalInk, found: CellGroup, cellsPerDp: number): 'left' | 'right' | undefined {
  const w = (found.c1 - found.c0 + 1) / cellsPerDp,
    h = (found.r1 - found.r0 + 1) / cellsPerDp,
    solid = found.count / ((found.c1 - found.c0 + 1) * (found.r1 - found.r0 + 1));
  // Nothing else in the window beside it, and not cut by the window's edge (a longer shape).
  if (found.c0 === 0 || found.r0 === 0 || found.c1 === local.ink.columns - 1 || found.r1 === local.ink.rows - 1)
    return undefined;
  if (!standsApart(local.ink, found, Math.round(APART_DP * cellsPerDp))) return undefined;
  return thumbSide(local.ink, found, w, h, solid, cellsPerDp);
}

/** Ink rows in each column of the group. */
function columnHeights(ink: InkCells, group: CellGroup): number[] {
  const heights: number[] = [];
  for (let c = group.c0; c <= group.c1; c++) {
    let count = 0;
    for (let r = group.r0; r <= group.r1; r++) count += ink.mask[r * ink.columns + c]!;
    heights.push(count);
  }
  return heights;
}

/**
 * A switch's thumb is a disc taller than its track, at one end: the tallest column of each end
 * (its outer 40 %) tells which, and the track shows as a run of columns of one height (within
 * 2 dp, 11..17 dp tall, 8 dp or longer) at least 3 dp below the thumb; a panel's rounded corner,
 * whose heights change all along, has no such run. Polarity does not matter: a light thumb on a
 * dark track (off, in the light theme) and an accent thumb on a pale track (on) are both ink.
 */
function thumbSide(
  ink: InkCells,
  group: CellGroup,
  width: number,
  height: number,
  solid: number,
  cellsPerDp: number,
): 'left' | 'right' | undefined {
  if (width < SWITCH.minWidth || width > SWITCH.maxWidth || height < SWITCH.minHeight || height > SWITCH.maxHeight)
    return undefined;
  if (solid < 0.6) return undefined;
  const heights = columnHeights(ink, group);
  const end = Math.ceil(heights.length * 0.4);
  const left = Math.max(...heights.slice(0, end)),
    right = Math.max(...heights.slice(-end));
  const track = trackHeight(heights, cellsPerDp);
  if (track === undefined || Math.max(left, right) < track + THUMB_OVER_TRACK * cellsPerDp) return undefined;
  if (Math.abs(left - right) < THUMB_OVER_TRACK * cellsPerDp) return undefined;
  return left > right ? 'left' : 'right';
}

/**
 * The track's height: the tallest of the longest run of columns within 2 dp of each other and of
 * a track's height (11..17 dp), if it is 8 dp or longer. Only runs of a track's height compete: a
 * thumb drawn 21 dp wide has a flat top as long as the track beside it (a real app's switch, off,
 * its light thumb as wide as the visible track).
 */
function trackHeight(heights: number[], cellsPerDp: number): number | undefined {
  let best = { length: 0, top: 0 };
  for (let start = 0; start < heights.length; start++) {
    let low = heights[start]!,
      high = low,
      stop = start + 1;
    for (; stop < heights.length; stop++) {
      const h = heights[stop]!;
      if (Math.max(high, h) - Math.min(low, h) > Math.max(2, 2 * cellsPerDp)) break;
      low = Math.min(low, h);
      high = Math.max(high, h);
    }
    const top = high / cellsPerDp;
    if (stop - start > best.length && top >= 11 && top <= 17) best = { length: stop - start, top: high };
  }
  return best.length >= 8 * cellsPerDp ? best.top : undefined;
}

/**
 * An 18 dp square: filled (at least 85 % ink, the check mark inside it too thin to empty a cell)
 * with a check mark inside is checked; a hollow outline (both sides' columns full height, the
 * middle columns only the top and bottom edges) is not. Anything else square (a letter, an icon, a
 * plain filled square) is neither.
 */
function checkboxState(
  picture: LayoutPicture,
  ink: InkCells,
  group: CellGroup,
  width: number,
  height: number,
  solid: number,
): boolean | undefined {
  if (width < CHECKBOX.min || width > CHECKBOX.max || height < CHECKBOX.min || height > CHECKBOX.max) return undefined;
  if (Math.abs(width - height) > 3) return undefined;
  if (solid >= 0.85) return hasCheckMark(picture, ink, group) ? true : undefined;
  const heights = columnHeights(ink, group),
    rows = group.r1 - group.r0 + 1;
  const full = (a: number, b: number) => Math.max(a, b) >= 0.85 * rows;
  const sides = full(heights[0]!, heights[1]!) && full(heights.at(-1)!, heights.at(-2)!);
  const middle = heights.slice(3, -3).every((h) => h <= 0.45 * rows);
  // A square's top and bottom edges run across it; a letter's do not ("M", whose legs and middle
  // pass the column test, read as an unchecked box on a real app's title "Mars").
  const edges = [group.r0, group.r0 + 1, group.r1 - 1, group.r1].map((r) => rowInk(ink, group, r));
  const across =
    Math.max(edges[0]!, edges[1]!) >= 0.85 * heights.length && Math.max(edges[2]!, edges[3]!) >= 0.85 * heights.length;
  // A square's corners are ink; a round letter's ("O") are not.
  const corners = [
    [group.c0, group.r0],
    [group.c1 - 1, group.r0],
    [group.c0, group.r1 - 1],
    [group.c1 - 1, group.r1 - 1],
  ].every(([c, r]) => ink.mask[r! * ink.columns + c!]! + ink.mask[(r! + 1) * ink.columns + c! + 1]! > 0);
  const hollow = sides && across && middle && corners;
  return hollow ? false : undefined;
}

/** The share of the square's inner pixels (3 dp in) nearer the page (1..3 dp left of it) than the fill is at least CHECK_MARK_SHARE. */
function hasCheckMark(picture: LayoutPicture, ink: InkCells, group: CellGroup): boolean {
  const { image, px } = picture;
  const inset = Math.round(3 * px);
  const x0 = group.c0 * ink.cell + inset,
    x1 = (group.c1 + 1) * ink.cell - inset,
    y0 = group.r0 * ink.cell + inset,
    y1 = (group.r1 + 1) * ink.cell - inset;
  if (x1 <= x0 || y1 <= y0) return false;
  const page = meanIn(image, group.c0 * ink.cell - 3 * px, y0, group.c0 * ink.cell - px, y1);
  const inner = cutBox(image, { x0, y0, x1, y1 }).crop;
  const fill = percentileOf(inner, 0.5);
  let marked = 0;
  for (const level of inner.data) if (Math.abs(level - page) < Math.abs(level - fill)) marked++;
  return marked >= CHECK_MARK_SHARE * inner.data.length;
}

/** Ink cells in row r of the group. */
function rowInk(ink: InkCells, group: CellGroup, r: number): number {
  let count = 0;
  for (let c = group.c0; c <= group.c1; c++) count += ink.mask[r * ink.columns + c]!;
  return count;
}

/** No ink in the `margin` columns left and right of the group, along its rows. */
function standsApart(ink: InkCells, group: CellGroup, margin: number): boolean {
  for (let r = group.r0; r <= group.r1; r++)
    for (let k = 1; k <= margin; k++) {
      const left = group.c0 - k,
        right = group.c1 + k;
      if (left >= 0 && ink.mask[r * ink.columns + left]) return false;
      if (right < ink.columns && ink.mask[r * ink.columns + right]) return false;
    }
  return true;
}
