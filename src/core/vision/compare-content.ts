// Did the app's content change between two looks, and where? Compares two content fingerprints
// cell by cell: a cell changed when its mean gray moved by more than the noise floor; changed
// cells that touch are grouped into boxes (device pixels). A changing status-bar clock or
// navigation icon cannot count: those bars are not in the fingerprint, and neither can a toast of
// the first look fading by itself (its cells are passed over when the caller says so). Pure.
import { connectedGroups } from './connected-groups.js';
import { cellsBox, type ContentFingerprint } from './content-fingerprint.js';
import type { Box, ScreenModel } from './screen-model.js';

/**
 * How far (gray levels) a cell's mean may move on an unchanged screen. Measured on the virtual
 * camera (default options: noise sigma 3.5, JPEG q85, a fresh noise seed every frame): over
 * 20 consecutive frames each of three devices' screens (light and dark theme), the largest cell
 * difference was 1 level, the 99.9th percentile 1 (scripts/vision/measure-noise-floor.ts). A real
 * camera adds flicker and a little shake, so the default floor is three times the largest measured;
 * the weakest real change in the tests (a list row whose text changed) moves cells by 20+.
 */
export const MEASURED_CAMERA_NOISE = 2;
export const DEFAULT_NOISE_FLOOR = 6;
/**
 * The detail layer's floor (4 dp cells, content-fingerprint.ts). Measured the same way as above
 * (scripts/vision/measure-noise-floor.ts, 20 frames of three devices): the largest 4 dp cell
 * difference was 5 levels, the 99.9th percentile 2; "Page 1 of 5" -> "Page 2 of 5" moved a cell by
 * about 30. About three times the largest measured, as above.
 */
export const DETAIL_NOISE_FLOOR = 14;

export interface ContentChange {
  changed: boolean;
  /** Share of the content cells that changed (0..1). */
  fraction: number;
  /** Groups of changed cells, largest first, in device pixels. */
  boxes: Box[];
  /** The largest cell difference seen (gray levels). */
  largestDelta: number;
}

/**
 * `passing`: boxes (device pixels) of the first look that go by themselves (its toasts): their
 * cells are not compared, so a toast that was showing when an action was planned and has faded
 * since is not taken for the action's effect. A toast that appears is still a change.
 */
export function compareContent(
  before: ContentFingerprint,
  after: ContentFingerprint,
  noiseFloor = DEFAULT_NOISE_FLOOR,
  passing: readonly Box[] = [],
): ContentChange {
  const coarse = compareCells(before, after, noiseFloor, passing);
  if (!before.detail || !after.detail || !comparable(before.detail, after.detail)) return coarse;
  // A change too small for the 8 dp cells (one digit of small text): the detail layer's cells tell it.
  const detail = compareCells(before.detail, after.detail, DETAIL_NOISE_FLOOR, passing);
  if (!coarse.changed) return detail.changed ? detail : coarse;
  // A page that changed much can hide a one-digit change elsewhere ("1 of 4" -> "2 of 4") from the
  // 8 dp cells: its place is added from the detail layer, so an incremental read reads that line anew.
  const hidden = detail.boxes.filter((box) => !coarse.boxes.some((around) => inside(box, around)));
  return hidden.length ? { ...coarse, boxes: [...coarse.boxes, ...hidden] } : coarse;
}

const inside = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;

function compareCells(
  before: ContentFingerprint,
  after: ContentFingerprint,
  noiseFloor: number,
  passing: readonly Box[],
): ContentChange {
  if (!comparable(before, after)) return { changed: true, fraction: 1, boxes: [after.area], largestDelta: 255 };
  const changedCells = new Uint8Array(after.cells.length);
  const skipped = passingCells(after, passing);
  let count = 0,
    largestDelta = 0;
  for (let i = 0; i < after.cells.length; i++) {
    if (skipped[i]) continue;
    const delta = Math.abs(after.cells[i]! - before.cells[i]!);
    largestDelta = Math.max(largestDelta, delta);
    if (delta > noiseFloor) {
      changedCells[i] = 1;
      count++;
    }
  }
  // Groups of changed cells, a one-cell gap bridged (a word's letters).
  const boxes = connectedGroups(changedCells, after.columns, after.rows, 2).map((g) =>
    cellsBox(after, g.c0, g.r0, g.c1, g.r1),
  );
  boxes.sort((a, b) => b.width * b.height - a.width * a.height);
  return { changed: count > 0, fraction: count / after.cells.length, boxes, largestDelta };
}

/** The boxes of a look's regions that leave by themselves: toasts. */
export function passingRegions(screen: ScreenModel): Box[] {
  return screen.regions.filter((region) => region.kind === 'toast').map((region) => region.box);
}

/** 1 for each cell that overlaps a passing box or the cell of shadow around it (a toast's elevation). */
function passingCells(print: ContentFingerprint, passing: readonly Box[]): Uint8Array {
  const skipped = new Uint8Array(print.cells.length);
  const w = print.area.width / print.columns,
    h = print.area.height / print.rows;
  const grown = passing.map((b) => ({ x: b.x - w, y: b.y - h, width: b.width + 2 * w, height: b.height + 2 * h }));
  for (let r = 0; r < print.rows && grown.length; r++) {
    for (let c = 0; c < print.columns; c++) {
      const cell = cellsBox(print, c, r, c, r);
      if (grown.some((box) => overlaps(cell, box))) skipped[r * print.columns + c] = 1;
    }
  }
  return skipped;
}

/** Two fingerprints of the same kind over the same grid. */
export function comparable(a: ContentFingerprint, b: ContentFingerprint): boolean {
  return (
    a.evidence === b.evidence &&
    a.columns === b.columns &&
    a.rows === b.rows &&
    a.cells.length === b.cells.length &&
    a.area.width === b.area.width &&
    a.area.height === b.area.height
  );
}

/** Whether a box (device pixels) overlaps any of the changed boxes. */
export function touchesChange(change: ContentChange, box: Box): boolean {
  return change.boxes.some((b) => overlaps(b, box));
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
