// Whether a reading of a button's label spans all of the label's ink. Tesseract can drop the
// first and last letter of a light label on a filled button at 92 % confidence ("ontinue to
// paymen" for "Continue to payment", seen on 4 of 8 camera frames of the shop's checkout read as
// a band); such a reading is still centred in the button, so only the ink shows it is cut: the
// binarised label's dark columns reach past the reading's box. Pure.
import type { RawLine } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';

/**
 * `strokes`: the button's inside, binarised with the label's strokes black (0), its left edge at
 * `x0` in the line's coordinates. True when the line's box covers every column with ink, give or
 * take a quarter of the line's height (less than any letter's width).
 */
export function spansInk(line: RawLine, strokes: GrayImage, x0: number): boolean {
  const ink = inkColumns(strokes);
  if (!ink) return true;
  const slack = (line.y1 - line.y0) / 4;
  return line.x0 <= x0 + ink.first + slack && line.x1 >= x0 + ink.last + 1 - slack;
}

/** The first and last column holding ink: a few black pixels, not a lone speck of noise. */
export function inkColumns(strokes: GrayImage): { first: number; last: number } | undefined {
  const { data, width, height } = strokes;
  const needed = Math.max(2, Math.round(height / 20));
  let first = -1,
    last = -1;
  for (let x = 0; x < width; x++) {
    let black = 0;
    for (let y = 0; y < height && black < needed; y++) if (data[y * width + x] === 0) black++;
    if (black < needed) continue;
    if (first < 0) first = x;
    last = x;
  }
  return first < 0 ? undefined : { first, last };
}
