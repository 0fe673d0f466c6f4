// A lamp's reflection on the phone's glass, found in a frame taken two stops shorter than the
// bench's exposure: a soft patch brighter than the screen's own white. A screen shows nothing
// brighter than its white, and a reflection adds its light to whatever lies under it, so where a
// picture exposed for the screen burns out, the shorter one shows the spot above a white well under
// the clip, while an overexposed screen is only white everywhere. A white card, a dialog over a
// dimmed page or a white picture on a coloured one is brighter than what is round it too, but its
// edge is a step; a lamp's image fades over several cells. At the bench's exposure the spot's text
// is gone (ink and ground both clipped), so a person moves the lamp: `benchhand doctor` says where
// the spot is. Pure.
import { connectedGroups, neighbours, type CellGroup } from './connected-groups.js';
import { percentileOfHistogram, type GrayImage } from './gray-image.js';

export interface GlareSpot {
  /** The spot's centre, as shares of the screen's width and height from its top left. */
  x: number;
  y: number;
  /** Its size, as shares of the screen's width and height. */
  width: number;
  height: number;
  /** Its brightest cell over the screen's white (1.5: half as bright again). */
  overWhite: number;
}

/** Cells across the screen's width: 24 gives ~13 px cells on the gate's picture (~320 px wide), about 45 dp of the screen. */
const CELLS_ACROSS = 24;
/** A cell's white: the level this share of its pixels lie under (its brightest few: a white ground, a white letter's stroke). */
const CELL_WHITE = 0.98;
/** A cell is bright when its white is at least this share of the brightest cell's (a white or light ground, a white letter). */
const BRIGHT_SHARE = 0.5;
/**
 * The screen's white: this quantile of the bright cells' whites. A spot lifts the cells under it
 * to the top of that order, so the lower quarter is the white the screen shows (the light's
 * gradient and vignette spread it by a few per cent).
 */
const WHITE_QUANTILE = 0.25;
/** A cell is in a spot when its white is this far over the screen's white (the glare fault's mild spot is 1.5 at its core; the default camera's faint lamp, 1.25). */
const OVER_WHITE = 1.35;
/** A spot has at least this many cells. */
const MIN_CELLS = 6;
/**
 * A spot's edge is soft: across its rim the level falls by at most this share of the white from
 * one cell to the next (EDGE_QUANTILE) (the glare fault's spots fall ~0.12 a cell at
 * OVER_WHITE; a card's or a dialog's edge steps by half the white or more).
 */
const MAX_EDGE_STEP = 0.3;
/**
 * Which of the rim's steps is held to MAX_EDGE_STEP: the upper quarter, so that a block of white
 * letters on a dark theme (steps to the gaps between its lines small, to the ground round it large)
 * is no spot, while a spot whose rim crosses a dark bar here and there still is.
 */
const EDGE_QUANTILE = 0.6;
/** Levels a white must have to be measured against (a screen too dark for that has no white to go above). */
const MIN_WHITE = 40;

/** The largest glare spot on the screen (rectified, gray, two stops under the bench's exposure), or undefined. */
export function findGlareSpot(image: GrayImage): GlareSpot | undefined {
  const { columns, rows, whites } = cellWhites(image);
  const brightest = Math.max(...whites);
  const bright = whites.filter((level) => level >= brightest * BRIGHT_SHARE).sort((a, b) => a - b);
  const white = bright[Math.floor(bright.length * WHITE_QUANTILE)];
  if (white === undefined || white < MIN_WHITE) return undefined;
  const over = whites.map((level) => level >= Math.min(250, white * OVER_WHITE));
  const spots = connectedGroups(over, columns, rows, 1, true).filter(
    (patch) => patch.count >= MIN_CELLS && edgeStep(patch, over, whites, columns, rows) <= MAX_EDGE_STEP * white,
  );
  if (spots.length === 0) return undefined;
  const largest = spots.reduce((a, b) => (b.count > a.count ? b : a));
  return {
    x: round((largest.c0 + largest.c1 + 1) / 2 / columns),
    y: round((largest.r0 + largest.r1 + 1) / 2 / rows),
    width: round((largest.c1 - largest.c0 + 1) / columns),
    height: round((largest.r1 - largest.r0 + 1) / rows),
    overWhite: round(Math.max(...largest.cells!.map((cell) => whites[cell]!)) / white),
  };
}

/** Each cell's white (CELL_WHITE), row by row. */
function cellWhites(image: GrayImage): { columns: number; rows: number; whites: number[] } {
  const size = Math.max(4, Math.round(image.width / CELLS_ACROSS));
  const columns = Math.max(1, Math.floor(image.width / size)),
    rows = Math.max(1, Math.floor(image.height / size));
  const whites: number[] = [];
  const histogram = new Uint32Array(256);
  for (let row = 0; row < rows; row++)
    for (let column = 0; column < columns; column++) {
      histogram.fill(0);
      for (let y = row * size; y < (row + 1) * size; y++)
        for (let x = column * size, i = y * image.width + x; x < (column + 1) * size; x++, i++)
          histogram[image.data[i]!]!++;
      whites.push(percentileOfHistogram(histogram, size * size, CELL_WHITE));
    }
  return { columns, rows, whites };
}

/** The fall in level (its EDGE_QUANTILE) from a rim cell of the patch to its neighbours outside it. */
function edgeStep(patch: CellGroup, over: boolean[], whites: number[], columns: number, rows: number): number {
  const steps: number[] = [];
  for (const cell of patch.cells!)
    for (const next of neighbours(cell % columns, Math.floor(cell / columns), columns, rows, 1))
      if (!over[next]) steps.push(whites[cell]! - whites[next]!);
  steps.sort((a, b) => a - b);
  return steps[Math.floor(steps.length * EDGE_QUANTILE)] ?? 0;
}

const round = (n: number) => Math.round(n * 100) / 100;
