// Which 1 dp cells of a screen differ from the page around them, lighter or darker: the mask the
// control detectors (detect-controls.ts) find shapes in. The page is not one level: a dialog's
// card, a toolbar and a list share a screen, and Material draws its controls only a little off
// their page (a default button #D6D7D7 on #FAFAFA: 0.86 of it, where detect-filled.ts wants 0.75).
// So each 24 dp block takes as its page the most common cell level of the 120 dp around it, and a
// cell is ink only when it is off the page of its block and of every block beside it: the edge of
// a card is not, a switch's thumb is. Pure.
import type { LayoutPicture } from './layout-pixels.js';

/** A cell this many levels (0..255) off every nearby page is ink: JPEG and camera noise on a flat page stay within ~4. */
const INK_DELTA = 12;
/** Cells (dp) per block side: each block's page is the most common level of the 5 x 5 blocks around it. */
const BLOCK_CELLS = 24;
/** Blocks per side of the window a block's page is taken over: 120 dp, so a 48 dp button never fills half of it. */
const WINDOW_BLOCKS = 5;

export interface InkCells {
  /** 1 where the cell is ink. */
  mask: Uint8Array;
  columns: number;
  rows: number;
  /** Image pixels per cell. */
  cell: number;
}

export function inkCells(picture: LayoutPicture): InkCells {
  const { image } = picture;
  const cell = Math.max(1, Math.round(picture.px));
  const columns = Math.floor(image.width / cell),
    rows = Math.floor(image.height / cell);
  const level = cellLevels(image.data, image.width, cell, columns, rows);
  const blocks = { columns: Math.ceil(columns / BLOCK_CELLS), rows: Math.ceil(rows / BLOCK_CELLS) };
  const blockOfColumn = Int32Array.from({ length: columns }, (_, c) => Math.floor(c / BLOCK_CELLS));
  const isInk = inkLevels(windowPages(blockHistograms(level, columns, rows, blocks, blockOfColumn), blocks), blocks);
  const mask = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    const blockRow = Math.floor(r / BLOCK_CELLS) * blocks.columns;
    for (let c = 0, i = r * columns; c < columns; c++, i++)
      mask[i] = isInk[(blockRow + blockOfColumn[c]!) * 256 + level[i]!]!;
  }
  return { mask, columns, rows, cell };
}

/**
 * Each cell's level: the mean of its middle row. A third of the pixels of a whole mean (which
 * cost ~11 ms a screen here), and as good for telling a control's fill from its page: the fills
 * are flat and the threshold is three times the noise.
 */
function cellLevels(data: Uint8Array, width: number, cell: number, columns: number, rows: number): Uint8Array {
  const level = new Uint8Array(columns * rows);
  const middle = cell >> 1;
  for (let r = 0, i = 0; r < rows; r++) {
    let at = (r * cell + middle) * width;
    for (let c = 0; c < columns; c++, i++) {
      let sum = 0;
      for (let end = at + cell; at < end; at++) sum += data[at]!;
      level[i] = sum / cell;
    }
  }
  return level;
}

type Blocks = { columns: number; rows: number };

/** Each block's counts of cell levels, in 64 bins of 4 levels (so noise does not split the page). */
function blockHistograms(
  level: Uint8Array,
  columns: number,
  rows: number,
  blocks: Blocks,
  blockOfColumn: Int32Array,
): Uint16Array {
  const counts = new Uint16Array(blocks.columns * blocks.rows * 64);
  for (let r = 0; r < rows; r++) {
    const blockRow = Math.floor(r / BLOCK_CELLS) * blocks.columns;
    for (let c = 0, i = r * columns; c < columns; c++, i++)
      counts[(blockRow + blockOfColumn[c]!) * 64 + (level[i]! >> 2)]! += 1;
  }
  return counts;
}

/** Each block's page: the most common level over the window of blocks around it. */
function windowPages(counts: Uint16Array, blocks: Blocks): Uint8Array {
  const page = new Uint8Array(blocks.columns * blocks.rows);
  const sum = new Uint32Array(64);
  const reach = (WINDOW_BLOCKS - 1) / 2;
  for (let br = 0; br < blocks.rows; br++)
    for (let bc = 0; bc < blocks.columns; bc++) {
      sum.fill(0);
      for (let y = Math.max(0, br - reach); y <= Math.min(blocks.rows - 1, br + reach); y++)
        for (let x = Math.max(0, bc - reach); x <= Math.min(blocks.columns - 1, bc + reach); x++)
          for (let bin = 0, at = (y * blocks.columns + x) * 64; bin < 64; bin++) sum[bin]! += counts[at + bin]!;
      let mode = 0;
      for (let bin = 1; bin < 64; bin++) if (sum[bin]! > sum[mode]!) mode = bin;
      page[br * blocks.columns + bc] = mode * 4 + 2;
    }
  return page;
}

/**
 * Per block, which of the 256 levels are ink: off the page of the block and of each block beside
 * it by INK_DELTA or more. So a card's edge, where the page changes from one block to the next, is
 * not ink on either side.
 */
function inkLevels(page: Uint8Array, blocks: Blocks): Uint8Array {
  const isInk = new Uint8Array(blocks.columns * blocks.rows * 256).fill(1);
  for (let br = 0; br < blocks.rows; br++)
    for (let bc = 0; bc < blocks.columns; bc++) {
      const at = (br * blocks.columns + bc) * 256;
      for (let y = Math.max(0, br - 1); y <= Math.min(blocks.rows - 1, br + 1); y++)
        for (let x = Math.max(0, bc - 1); x <= Math.min(blocks.columns - 1, bc + 1); x++) {
          const near = page[y * blocks.columns + x]!;
          isInk.fill(0, at + Math.max(0, near - INK_DELTA + 1), at + Math.min(256, near + INK_DELTA));
        }
    }
  return isInk;
}
