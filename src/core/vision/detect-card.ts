// A dialog's card found by its edges, where the scrim rule (detect-regions.ts detectPanel: a card
// brighter than the dimmed page around it) cannot see it: a dark theme's card (#424242) over a
// dimmed light page (its white at ~100) or over a dimmed wallpaper (~75, the card 8 levels from
// it). What still shows is the card itself: one flat fill, its two side edges at the same inset
// from the screen's edges (a dialog is centred), and
// the picture just outside both different from it, row after row for 80 dp or more. Pure.
import type { LayoutPicture } from './layout-pixels.js';
import { meanIn, toDeviceBox } from './layout-pixels.js';
import type { RegionHint } from './screen-elements.js';

/**
 * A dialog's card is inset this many dp from each side (25 and 36 dp on the recorded real apps;
 * a list's cards sit 8 or 16 dp in).
 */
const INSET_DP = { min: 22, max: 48 };
/** The fill differs from what is just outside its edge by at least this many levels (8 on a wallpaper). */
const EDGE_LEVELS = 4;
/** The fill is flat within this many levels across 8 dp, and moves no more from one 2 dp row to the next. */
const SAME_FILL = 3;
/** A dialog is at least this tall (dp), and an edge shows on one side or the other on this share of its rows (the dimmed page's icons may match the fill beside a few). */
const MIN_HEIGHT_DP = 80;
const EDGE_ROWS_SHARE = 0.6;
/** A second card at the same inset this tall (dp) or more makes a list, not a dialog. */
const REPEATED_CARD_DP = 40;
/**
 * Each side's edge alone shows on at least this share: over a wallpaper's gradient the picture
 * beside one edge passes through the card's level (a real app's: the left side 76 -> 59 levels
 * beside a card at 66, edged on 51 % of its rows, the right 67 -> 46, on 71 %).
 */
const ONE_SIDE_SHARE = 0.3;

export function detectCard(picture: LayoutPicture): RegionHint | undefined {
  const { plain, px } = picture;
  const step = Math.max(1, Math.round(2 * px));
  const top = Math.round(26 * px),
    bottom = plain.height - Math.round(48 * px);
  let best: { start: number; end: number; inset: number } | undefined;
  for (let inset = INSET_DP.min; inset <= INSET_DP.max; inset++) {
    const runs: { start: number; end: number }[] = [];
    const rows: Row[] = [];
    for (let y = top; y < bottom; y += step) rows.push(cardRow(picture, inset, y, y + step));
    // Runs of rows where the fill inside each edge is flat and changes little from row to row
    // (a camera's uneven light moves it slowly); the edges show on most of them (the dimmed
    // page's icons may match the fill just outside a few rows).
    let start = 0;
    while (start < rows.length) {
      if (!rows[start]!.flat) {
        start++;
        continue;
      }
      let end = start + 1;
      while (end < rows.length && rows[end]!.flat && smooth(rows[end - 1]!, rows[end]!)) end++;
      const run = rows.slice(start, end),
        share = (edge: (row: Row) => boolean) => run.filter(edge).length / run.length;
      const edged =
        share((row) => row.left || row.right) >= EDGE_ROWS_SHARE &&
        share((row) => row.left) >= ONE_SIDE_SHARE &&
        share((row) => row.right) >= ONE_SIDE_SHARE;
      if (edged) runs.push({ start, end });
      start = end;
    }
    // A dialog is one card; a list repeats its cards at one inset.
    const tall = runs.filter((run) => (run.end - run.start) * step >= REPEATED_CARD_DP * px);
    const longest = tall.sort((a, b) => b.end - b.start - (a.end - a.start))[0];
    if (tall.length === 1 && (!best || longest!.end - longest!.start > best.end - best.start))
      best = { ...longest!, inset };
  }
  if (!best || (best.end - best.start) * step < MIN_HEIGHT_DP * px) return undefined;
  const x0 = Math.round(best.inset * px),
    x1 = plain.width - x0;
  return {
    kind: 'dialog',
    box: toDeviceBox(picture, x0, top + best.start * step, x1, top + best.end * step),
  };
}

interface Row {
  /** The fill just inside each edge is flat (1..4 dp in against 4..8 dp in). */
  flat: boolean;
  fillLeft: number;
  fillRight: number;
  /** The picture just outside the left edge differs from the fill; the right edge's. */
  left: boolean;
  right: boolean;
}

const smooth = (a: Row, b: Row) =>
  Math.abs(a.fillLeft - b.fillLeft) <= SAME_FILL && Math.abs(a.fillRight - b.fillRight) <= SAME_FILL;

/** One row band (y0..y1) at one inset (dp): the fill inside both mirrored edges, and the edge 1..3 dp outside. */
function cardRow(picture: LayoutPicture, inset: number, y0: number, y1: number): Row {
  const { plain, px } = picture;
  const mean = (x0: number, x1: number) => meanIn(plain, x0 * px, y0, x1 * px, y1);
  const right = plain.width / px - inset;
  const fillLeft = mean(inset + 1, inset + 4),
    fillRight = mean(right - 4, right - 1);
  const flat =
    Math.abs(mean(inset + 4, inset + 8) - fillLeft) <= SAME_FILL &&
    Math.abs(mean(right - 8, right - 4) - fillRight) <= SAME_FILL;
  return {
    flat,
    fillLeft,
    fillRight,
    left: Math.abs(mean(inset - 3, inset - 1) - fillLeft) >= EDGE_LEVELS,
    right: Math.abs(mean(right + 1, right + 3) - fillRight) >= EDGE_LEVELS,
  };
}
