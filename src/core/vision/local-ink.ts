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
  /** The group in the window's cells that holds the given group's middle, if any. */
  group: CellGroup;
  /** The window's first column and row in the screen's cells. */
  c0: number;
  r0: number;
}

/** The window: the group's cells grown by `grow` cells left and right and `growRows` up and down. */
export function localInk(
  picture: LayoutPicture,
  screen: InkCells,
  group: CellGroup,
  grow: number,
  growRows: number,
): LocalInk | undefined {
  const { image } = picture;
  const cell = screen.cell;
  const c0 = Math.max(0, group.c0 - grow),
    c1 = Math.min(screen.columns - 1, group.c1 + grow),
    r0 = Math.max(0, group.r0 - growRows),
    r1 = Math.min(screen.rows - 1, group.r1 + growRows);
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
  const page = borderMode(level, columns, rows);
  const mask = level.map((value) => (Math.abs(value - page) >= LOCAL_DELTA ? 1 : 0));
  const middle = {
    c: Math.round((group.c0 + group.c1) / 2) - c0,
    r: Math.round((group.r0 + group.r1) / 2) - r0,
  };
  const found = connectedGroups(mask, columns, rows)
    .filter((g) => g.c0 <= middle.c && g.c1 >= middle.c && g.r0 <= middle.r && g.r1 >= middle.r)
    .sort((a, b) => b.count - a.count)[0];
  return found ? { ink: { mask, columns, rows, cell }, group: found, c0, r0 } : undefined;
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
