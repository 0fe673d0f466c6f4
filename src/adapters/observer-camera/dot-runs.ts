// A password field shows its characters as a row of filled dots, and tesseract reads them as
// letters it doubts ("esses" at 37 %, "cscs" at 0 %). The pixels say what they are: a doubtful
// word whose ink is nothing but three or more filled discs of one size (each blob about as wide
// as tall and filling most of its box, where a letter's strokes fill far less) is a run of "•",
// one per disc. Pure pixel work on the picture OCR read.
import type { RawLine } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { connectedGroups } from '../../core/vision/connected-groups.js';

/** Only words tesseract doubts are looked at (0..100). */
const DOUBTFUL_BELOW = 60;
/** A disc fills about pi/4 = 0.79 of its box; a small letter's strokes about half (measured "e", "s": 0.4-0.55). */
export const MIN_FILL = 0.65;
/** Width over height (or the reverse) of a disc at most this. */
export const MAX_ASPECT = 1.4;
/** The discs of one run are this alike in height. */
export const SIZE_SPREAD = 0.3;
/** A disc is at least this share of the page's median line height (an ellipsis's dots are smaller). */
export const MIN_SHARE_OF_LINE = 0.25;
export const MIN_DOTS = 3;
/** The confidence (0..100) given to a run read from its discs. */
export const DOTS_CONFIDENCE = 90;
export const DOT = '\u2022';

export function readDotRuns(lines: RawLine[], image: GrayImage): RawLine[] {
  const heights = lines.map((line) => line.y1 - line.y0).sort((a, b) => a - b);
  const lineHeight = heights[heights.length >> 1] ?? 0;
  return lines.map((line) => {
    let changed = false;
    const words = line.words.map((word) => {
      // A run of dots is one line of text high: a taller doubtful box (a picture, an outline) is not looked into.
      if (word.confidence >= DOUBTFUL_BELOW || word.y1 - word.y0 > lineHeight) return word;
      const dots = countDiscs(image, word, MIN_SHARE_OF_LINE * lineHeight);
      if (dots < MIN_DOTS) return word;
      changed = true;
      return { ...word, text: DOT.repeat(dots), confidence: DOTS_CONFIDENCE };
    });
    if (!changed) return line;
    return {
      ...line,
      words,
      text: words.map((w) => w.text).join(' '),
      confidence: Math.min(...words.map((w) => w.confidence)),
    };
  });
}

/** How many equal filled discs make up all the ink in the box (0 when anything else is there). */
export function countDiscs(
  image: GrayImage,
  box: { x0: number; y0: number; x1: number; y1: number },
  minHeight: number,
): number {
  // A word's box can cut its first disc in half (the line detector's stack read the run "leeee"
  // from x 56 where the first disc starts at 51): its left side is looked at with a margin of most
  // of its height. Not the right side: a field's caret follows the dots there, and is other ink.
  const x0 = Math.max(0, Math.floor(box.x0) - Math.max(2, Math.ceil(0.75 * (box.y1 - box.y0)))),
    y0 = Math.max(0, Math.floor(box.y0) - 2);
  const x1 = Math.min(image.width, Math.ceil(box.x1) + 2),
    y1 = Math.min(image.height, Math.ceil(box.y1) + 2);
  const width = x1 - x0,
    height = y1 - y0;
  if (width < 3 || height < 3) return 0;
  const values = new Uint8Array(width * height);
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const v = image.data[y * image.width + x]!;
      values[(y - y0) * width + x - x0] = v;
      histogram[v]!++;
    }
  let ink = 0;
  while (!histogram[ink]) ink++;
  let ground = 0;
  for (let seen = 0; ground < 255 && (seen += histogram[ground]!) < 0.9 * values.length;) ground++;
  if (ground - ink < 40) return 0;
  const threshold = (ink + ground) / 2;
  const dark = Array.from(values, (v) => v < threshold);
  const blobs: { area: number; w: number; h: number }[] = [];
  for (const group of connectedGroups(dark, width, height)) {
    // Specks of camera noise are not ink.
    if (group.count >= 3) blobs.push({ area: group.count, w: group.c1 - group.c0 + 1, h: group.r1 - group.r0 + 1 });
  }
  if (blobs.length < MIN_DOTS) return 0;
  const sizes = blobs.map((b) => b.h).sort((a, b) => a - b);
  const size = sizes[sizes.length >> 1]!;
  if (size < minHeight) return 0;
  const isDisc = (b: (typeof blobs)[number]) =>
    Math.max(b.w, b.h) <= MAX_ASPECT * Math.min(b.w, b.h) &&
    b.area >= MIN_FILL * b.w * b.h &&
    Math.abs(b.h - size) <= SIZE_SPREAD * size;
  return blobs.every(isDisc) ? blobs.length : 0;
}
