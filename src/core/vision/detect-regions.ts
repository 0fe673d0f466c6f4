// Regions over the app's content, from pixels: a dialog or sheet (a bright panel while the
// content around it is dimmed: the margins beside the panel are far darker than the panel, and
// the content above and below it is dim everywhere), and a banner (a panel just below the status
// bar whose edges show against the page on both sides). Pure.
import type { LayoutPicture } from './layout-pixels.js';
import { meanIn, percentileIn, toDeviceBox } from './layout-pixels.js';
import type { RegionHint } from './screen-elements.js';

/** Beside a dialog the scrim halves the page: margins below this share of the panel are dimmed. */
const SCRIM_SHARE = 0.7;

export function detectPanel(picture: LayoutPicture): RegionHint | undefined {
  const { plain, px } = picture;
  const step = Math.max(1, Math.round(2 * px));
  const top = Math.round(26 * px),
    bottom = plain.height - Math.round(48 * px);
  // Rows whose centre is bright and whose outer margins (4..14 dp from each edge) are dim.
  const panelRows: boolean[] = [],
    centres: number[] = [],
    margins: number[] = [];
  for (let y = top; y < bottom; y += step) {
    const centre = meanIn(plain, 40 * px, y, 320 * px, y + step);
    const left = meanIn(plain, 4 * px, y, 14 * px, y + step),
      right = meanIn(plain, 346 * px, y, 356 * px, y + step);
    centres.push(centre);
    margins.push(Math.max(left, right));
    panelRows.push(centre > 20 && Math.max(left, right) < SCRIM_SHARE * centre);
  }
  bridgeTextRows(panelRows, centres, margins, Math.round((MAX_TEXT_ROW_DP * px) / step));
  const run = longestRun(panelRows);
  if (!run || (run.end - run.start) * step < 80 * px) return undefined;
  const y0 = top + run.start * step,
    y1 = top + run.end * step;
  const panel = meanIn(plain, 40 * px, y0, 320 * px, y1);
  // The rest of the content must be dim too (a scrim), not just dark margins beside a card: most
  // of it (60 %; dimmed light text on a dark theme is brighter than the panel) below the level.
  const above = y0 - top > 20 * px ? percentileIn(plain, 0, top, plain.width, y0, 0.6, 2) : 0;
  const below = bottom - y1 > 20 * px ? percentileIn(plain, 0, y1, plain.width, bottom, 0.6, 2) : 0;
  if (Math.max(above, below) >= SCRIM_SHARE * panel) return undefined;
  const [x0, x1] = panelEdges(picture, y0, y1, panel);
  const touchesBottom = bottom - y1 < 4 * px;
  return { kind: touchesBottom ? 'sheet' : 'dialog', box: toDeviceBox(picture, x0, y0, x1, y1) };
}

/** The tallest line of text inside a panel (a dialog's bold title, 20 sp with its leading), in dp. */
const MAX_TEXT_ROW_DP = 36;
/** A row of text inside the panel keeps at least this share of the panel's brightness in its middle. */
const TEXT_ROW_SHARE = 0.6;

/**
 * A bold title darkens the middle of its rows so much that they no longer look brighter than the
 * scrim beside them, and the panel was found only below it: the title was read as page text
 * outside the dialog. A short gap of such rows next to the panel is still the panel when its
 * middle stays bright (most of a text row is the panel's own background) and the margins beside
 * it stay dim. On a dark page, lines of light text pass the row test one by one; the gaps
 * between them are dark, so they are never joined into a panel.
 */
function bridgeTextRows(panelRows: boolean[], centres: number[], margins: number[], maxGap: number): void {
  const run = longestRun(panelRows);
  if (!run) return;
  const inRun = centres.slice(run.start, run.end).sort((a, b) => a - b);
  const typical = inRun[Math.floor(inRun.length / 2)]!;
  const stillPanel = (j: number) => centres[j]! >= TEXT_ROW_SHARE * typical && margins[j]! < SCRIM_SHARE * typical;
  for (let i = 1; i < panelRows.length; i++) {
    if (panelRows[i] || !panelRows[i - 1]) continue;
    let end = i;
    while (end < panelRows.length && !panelRows[end]) end++;
    if (
      end < panelRows.length &&
      end - i <= maxGap &&
      Array.from({ length: end - i }, (_, k) => i + k).every(stillPanel)
    ) {
      for (let j = i; j < end; j++) panelRows[j] = true;
    }
    i = end;
  }
}

/** Where the panel's columns (means over its rows) drop halfway to the scrim, from the centre outwards. */
function panelEdges(picture: LayoutPicture, y0: number, y1: number, panel: number): [number, number] {
  const { plain, px } = picture;
  const scrim = (meanIn(plain, 4 * px, y0, 14 * px, y1) + meanIn(plain, 346 * px, y0, 356 * px, y1)) / 2;
  const level = (panel + scrim) / 2;
  const column = (x: number) => meanIn(plain, x, y0, x + 1, y1);
  let x0 = Math.round(plain.width / 2),
    x1 = x0;
  while (x0 > 0 && column(x0 - 1) > level) x0--;
  while (x1 < plain.width && column(x1) > level) x1++;
  return [x0, x1];
}

function longestRun(flags: boolean[]): { start: number; end: number } | undefined {
  let best: { start: number; end: number } | undefined,
    start = -1;
  flags.forEach((flag, i) => {
    if (flag && start < 0) start = i;
    if ((!flag || i === flags.length - 1) && start >= 0) {
      const end = flag ? i + 1 : i;
      if (!best || end - start > best.end - best.start) best = { start, end };
      start = -1;
    }
  });
  return best;
}

/**
 * A banner (heads-up notification): a panel starting 2..16 dp below the status bar, inset a few
 * dp from both edges, whose colour differs from the page on both sides over 40..110 dp of height.
 */
export function detectBanner(picture: LayoutPicture): RegionHint | undefined {
  const { plain, px } = picture;
  const step = Math.max(1, Math.round(2 * px));
  const rows: boolean[] = [];
  // Two or three notifications stack into one taller panel: look down to 300 dp.
  const start = Math.round(24 * px),
    end = Math.round(300 * px);
  for (let y = start; y < end; y += step) {
    const outsideL = meanIn(plain, 1 * px, y, 5 * px, y + step),
      insideL = meanIn(plain, 11 * px, y, 15 * px, y + step);
    const outsideR = meanIn(plain, 355 * px, y, 359 * px, y + step),
      insideR = meanIn(plain, 345 * px, y, 349 * px, y + step);
    const dl = insideL - outsideL,
      dr = insideR - outsideR;
    // Same sign on both sides, clear of noise (a few levels), i.e. one panel across the screen.
    rows.push(Math.abs(dl) > 5 && Math.abs(dr) > 5 && Math.sign(dl) === Math.sign(dr));
  }
  const run = longestRun(rows);
  if (!run) return undefined;
  const y0 = start + run.start * step,
    y1 = start + run.end * step;
  const heightDp = (y1 - y0) / px,
    startDp = y0 / px;
  if (heightDp < 36 || heightDp > 270 || startDp > 42) return undefined;
  return { kind: 'banner', box: toDeviceBox(picture, Math.round(8 * px), y0, Math.round(352 * px), y1), unasked: true };
}
