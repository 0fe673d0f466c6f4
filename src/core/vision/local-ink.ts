// A faint control's ink measured against its own surroundings. The screen's ink cells
// (ink-cells.ts) take each 24 dp block's page from the 120 dp around it and call nothing ink that
// is near the page of any block beside it: right for a card's edge, but a disabled switch on a
// dark dialog's card, its track 17 levels off the card, lies near the dimmed page outside the card
// and loses its track there (two of a real app's switches kept only their thumbs). Here a small
// window round one group takes its page from its own border and a lower threshold, so the whole
// glyph shows again; detect-controls.ts asks it only for a group of a switch's size that no rule
// took. Pure.
import { connectedGroups, type CellGroup } from './connected-groups.js';
import type { InkCells } from './ink-cells.js';
import type { LayoutPicture } from './layout-pixels.js';

/** A cell this many levels off the window's border level is ink here (a flat card's noise stays within ~4). */
const LOCAL_DELTA = 8;

export interface LocalInk {
  ink: InkCells;
  /** The window's first column and row in the screen's cells. */
  c0: number;
  r0: number;
}

/** The screen's cells c0..c1, r0..r1 (inclusive, cut to the screen) as ink against the window's own border level. */
export function localInk(
  picture: LayoutPicture,
  screen: InkCells,
  window: { c0: number; r0: number; c1: number; r1: number },
  page: 'border' | 'row ends' | 'sides' = 'border',
): LocalInk {
  const { image } = picture;
  const cell = screen.cell;
  const c0 = Math.max(0, window.c0),
    c1 = Math.min(screen.columns - 1, window.c1),
    r0 = Math.max(0, window.r0),
    r1 = Math.min(screen.rows - 1, window.r1);
  const columns = c1 - c0 + 1,
    rows = r1 - r0 + 1;
  const level = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const y = (r0 + r) * cell + (cell >> 1);
      let sum = 0;
      for (let x = (c0 + c) * cell, end = x + cell, at = y * image.width + x; x < end; x++, at++)
        sum += image.data[at]!;
      level[r * columns + c] = sum / cell;
    }
  let mask: Uint8Array;
  if (page === 'sides') {
    const { left, right } = sideLevels(level, columns);
    mask = level.map((value, i) => {
      const r = Math.floor(i / columns),
        c = i % columns;
      const at = left[r]! + ((right[r]! - left[r]!) * c) / Math.max(1, columns - 1);
      return Math.abs(value - at) >= LOCAL_DELTA ? 1 : 0;
    });
  } else {
    const pages =
      page === 'border' ? new Uint8Array(rows).fill(borderMode(level, columns, rows)) : rowEnds(level, columns);
    mask = level.map((value, i) => (Math.abs(value - pages[Math.floor(i / columns)]!) >= LOCAL_DELTA ? 1 : 0));
  }
  return { ink: { mask, columns, rows, cell }, c0, r0 };
}

/** The window's group that holds the screen's cell (c, r), the largest if several. */
export function groupAt(local: LocalInk, c: number, r: number): CellGroup | undefined {
  const at = { c: c - local.c0, r: r - local.r0 };
  return connectedGroups(local.ink.mask, local.ink.columns, local.ink.rows)
    .filter((g) => g.c0 <= at.c && g.c1 >= at.c && g.r0 <= at.r && g.r1 >= at.r)
    .sort((a, b) => b.count - a.count)[0];
}

/**
 * Each row's own page: the mean of its two outermost cells at each end. A bar shaded from top to
 * bottom (a real app's button bar went from 89 to 125) has no one level, but its ends beside the
 * buttons show each row's.
 */
function rowEnds(level: Uint8Array, columns: number): Uint8Array {
  const rows = level.length / columns;
  const pages = new Uint8Array(rows);
  for (let r = 0, at = 0; r < rows; r++, at += columns)
    pages[r] = (level[at]! + level[at + 1]! + level[at + columns - 1]! + level[at + columns - 2]!) / 4;
  return pages;
}

/**
 * Each row's level at the window's left and right sides: the median of the two outermost cells
 * there over the 7 rows around it. Through the camera the light slopes across a window that
 * reaches the screen's edge (vignette, a glare spot's flank): one level for the whole border made
 * half a switch's window ink; a level running linearly from side to side along each row follows
 * the slope, and the median over rows passes over a row's noise.
 */
function sideLevels(level: Uint8Array, columns: number): { left: number[]; right: number[] } {
  const rows = level.length / columns;
  const side = (first: number) =>
    Array.from({ length: rows }, (_, r) => {
      const values: number[] = [];
      for (let y = Math.max(0, r - 3); y <= Math.min(rows - 1, r + 3); y++)
        values.push(level[y * columns + first]!, level[y * columns + first + (first === 0 ? 1 : -1)]!);
      values.sort((a, b) => a - b);
      return values[values.length >> 1]!;
    });
  return { left: side(0), right: side(columns - 1) };
}

/** The most common level (in bins of 4) of the window's border cells. */
function borderMode(level: Uint8Array, columns: number, rows: number): number {
  const counts = new Uint16Array(64);
  for (let c = 0; c < columns; c++) {
    counts[level[c]! >> 2]!++;
    counts[level[(rows - 1) * columns + c]! >> 2]!++;
  }
  for (let r = 1; r < rows - 1; r++) {
    counts[level[r * columns]! >> 2]!++;
    counts[level[r * columns + columns - 1]! >> 2]!++;
  }
  let mode = 0;
  for (let bin = 1; bin < 64; bin++) if (counts[bin]! > counts[mode]!) mode = bin;
  return mode * 4 + 2;
}
