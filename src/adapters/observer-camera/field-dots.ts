// A password field's dots found in the field's pixels, not in what OCR made of them. The line
// detector is trained on letters: a row of five small dots came back as a 14×6 px box over two
// of them (read "74") or as no box at all (widened corpus, w720 and dark Wi-Fi password frames),
// so readDotRuns (dot-runs.ts), which converts the words OCR doubted, had nothing to convert.
// Inside each field the layout found, a row of three or more filled discs of one size, evenly
// close, is a run of "•", one per disc; it replaces what was read over it. Only inside fields:
// carousel dots and list bullets elsewhere are not typed text.
import type { GrayImage } from '../../core/vision/gray-image.js';
import { connectedGroups } from '../../core/vision/connected-groups.js';
import { lineOfWords, type Box, type OcrLine } from '../../core/vision/ocr-line.js';
import type { ShapeHint } from '../../core/vision/screen-elements.js';

// What a disc is, and what a run of them is read as, as dot-runs.ts tells them (one definition).
import { DOT, DOTS_CONFIDENCE, MAX_ASPECT, MIN_DOTS, MIN_FILL, MIN_SHARE_OF_LINE, SIZE_SPREAD } from './dot-runs.js';

/** Between two discs of a run at most this many disc sizes of ground (a bullet's advance is about 1.5). */
const MAX_GAP = 1.5;

export interface DiscRun {
  /** In the picture's pixels. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  count: number;
}

/**
 * `lines` (device pixels) with each field's dot runs read from `picture` (dark text on light, as
 * the page was read; `toDevice` maps its pixels to the device's): a line lying mostly over a run
 * gives way to it.
 */
export function withFieldDots(
  lines: OcrLine[],
  picture: GrayImage,
  shapes: readonly ShapeHint[],
  toDevice: { x: number; y: number },
): OcrLine[] {
  const heights = lines.map((line) => line.box.height / toDevice.y).sort((a, b) => a - b);
  const lineHeight = heights[heights.length >> 1];
  if (!lineHeight) return lines;
  let out = lines;
  for (const field of shapes.filter((shape) => shape.kind === 'field')) {
    const area = {
      x0: field.box.x / toDevice.x,
      y0: field.box.y / toDevice.y,
      x1: (field.box.x + field.box.width) / toDevice.x,
      y1: (field.box.y + field.box.height) / toDevice.y,
    };
    for (const run of findDiscRuns(picture, area, MIN_SHARE_OF_LINE * lineHeight, lineHeight)) {
      const box: Box = {
        x: run.x0 * toDevice.x,
        y: run.y0 * toDevice.y,
        width: (run.x1 - run.x0) * toDevice.x,
        height: (run.y1 - run.y0) * toDevice.y,
      };
      // What was read over the dots (part of them read as "74") gives way; the run's box grown by
      // half a disc, as a line's box is taller than the dots it read.
      const margin = box.height / 2;
      const around = {
        x: box.x - margin,
        y: box.y - margin,
        width: box.width + 2 * margin,
        height: box.height + 2 * margin,
      };
      out = out.filter((line) => overlapShare(line.box, around) < 0.5);
      out.push(lineOfWords([{ text: DOT.repeat(run.count), confidence: DOTS_CONFIDENCE / 100, box }]));
    }
  }
  return out === lines ? lines : out.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/** The runs of equal filled discs inside `area` (picture pixels), each disc `minSize`..`maxSize` px high. */
export function findDiscRuns(
  image: GrayImage,
  area: { x0: number; y0: number; x1: number; y1: number },
  minSize: number,
  maxSize: number,
): DiscRun[] {
  const x0 = Math.max(0, Math.floor(area.x0)),
    y0 = Math.max(0, Math.floor(area.y0));
  const x1 = Math.min(image.width, Math.ceil(area.x1)),
    y1 = Math.min(image.height, Math.ceil(area.y1));
  const width = x1 - x0,
    height = y1 - y0;
  if (width < 3 || height < 3) return [];
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) histogram[image.data[y * image.width + x]!]!++;
  const ink = percentile(histogram, 0.005 * width * height),
    ground = percentile(histogram, 0.5 * width * height);
  if (ground - ink < 40) return [];
  const threshold = (ink + ground) / 2;
  const dark = new Uint8Array(width * height);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++)
      dark[(y - y0) * width + x - x0] = image.data[y * image.width + x]! < threshold ? 1 : 0;
  const groups = connectedGroups(dark, width, height).map((g) => ({
    x0: g.c0,
    y0: g.r0,
    x1: g.c1 + 1,
    y1: g.r1 + 1,
    area: g.count,
  }));
  const discs = groups
    .filter((b) => {
      const w = b.x1 - b.x0,
        h = b.y1 - b.y0;
      return (
        // Cut by the area's edge, a letter's foot can look like a disc.
        b.x0 > 0 &&
        b.y0 > 0 &&
        b.x1 < width &&
        b.y1 < height &&
        h >= Math.max(3, minSize) &&
        h <= maxSize &&
        Math.max(w, h) <= MAX_ASPECT * Math.min(w, h) &&
        b.area >= MIN_FILL * w * h
      );
    })
    .sort((a, b) => a.x0 - b.x0);
  const runs: DiscRun[] = [];
  const used = new Set<number>();
  discs.forEach((first, start) => {
    if (used.has(start)) return;
    const size = first.y1 - first.y0,
      centre = (first.y0 + first.y1) / 2;
    const members = [first];
    used.add(start);
    for (let next = start + 1; next < discs.length; next++) {
      const disc = discs[next]!,
        last = members[members.length - 1]!;
      if (used.has(next)) continue;
      if (disc.x0 - last.x1 > MAX_GAP * size) break;
      const alike =
        Math.abs(disc.y1 - disc.y0 - size) <= SIZE_SPREAD * size &&
        Math.abs((disc.y0 + disc.y1) / 2 - centre) <= SIZE_SPREAD * size;
      if (!alike) continue;
      members.push(disc);
      used.add(next);
    }
    if (members.length < MIN_DOTS) return;
    const run = {
      x0: members[0]!.x0,
      y0: Math.min(...members.map((m) => m.y0)),
      x1: members[members.length - 1]!.x1,
      y1: Math.max(...members.map((m) => m.y1)),
    };
    // Dots of a password stand alone on their row: other ink among them means letters with dots
    // ("Wi-Fi networks" in bold: its i's dots); specks of noise (under 3 px) do not count.
    const otherInk = groups.some(
      (g) => g.area >= 3 && !members.includes(g) && g.x0 < run.x1 && g.x1 > run.x0 && g.y0 < run.y1 && g.y1 > run.y0,
    );
    if (otherInk) return;
    runs.push({ x0: x0 + run.x0, y0: y0 + run.y0, x1: x0 + run.x1, y1: y0 + run.y1, count: members.length });
  });
  return runs;
}

/** The lowest value with more than `count` pixels at or below it. */
function percentile(histogram: Uint32Array, count: number): number {
  let seen = 0;
  for (let value = 0; value < 256; value++) if ((seen += histogram[value]!) > count) return value;
  return 255;
}

/** The share of `line`'s area inside `run`. */
function overlapShare(line: Box, run: Box): number {
  const w = Math.min(line.x + line.width, run.x + run.width) - Math.max(line.x, run.x),
    h = Math.min(line.y + line.height, run.y + run.height) - Math.max(line.y, run.y);
  return w > 0 && h > 0 ? (w * h) / Math.max(1, line.width * line.height) : 0;
}
