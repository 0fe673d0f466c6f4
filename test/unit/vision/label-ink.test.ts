// A button label's reading is whole only when it spans the label's ink: a reading that dropped the
// first and last letter is still centred, so the ink's extent is what shows it is cut.
import { describe, expect, it } from 'vitest';
import type { RawLine } from '../../../src/core/ports/ocr.js';
import { inkColumns, spansInk } from '../../../src/adapters/observer-camera/label-ink.js';

/** A 200x40 binarised button inside: white, with black strokes in columns x0..x1 (rows 10..30). */
function strokes(x0: number, x1: number) {
  const width = 200,
    height = 40;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 10; y < 30; y++) for (let x = x0; x <= x1; x++) if (x % 3 !== 0) data[y * width + x] = 0;
  return { data, width, height };
}
const line = (x0: number, x1: number): RawLine => ({ text: 'x', confidence: 92, x0, x1, y0: 110, y1: 130, words: [] });

describe('spansInk', () => {
  it('holds for a reading over the whole label and fails for one that lost a letter at each end', () => {
    // The inside starts at x=100 in the page; the label's ink is at 140..259 there.
    expect(spansInk(line(139, 261), strokes(40, 159), 100)).toBe(true);
    expect(spansInk(line(158, 242), strokes(40, 159), 100)).toBe(false);
    // Within a quarter of the line's height (5 px) counts as whole: box edges are not exact.
    expect(spansInk(line(144, 256), strokes(40, 159), 100)).toBe(true);
  });

  it('ignores a lone speck of noise, and holds when there is no ink at all', () => {
    const picture = strokes(40, 159);
    picture.data[20 * 200 + 5] = 0;
    expect(inkColumns(picture)).toEqual({ first: 40, last: 158 });
    expect(spansInk(line(139, 261), picture, 100)).toBe(true);
    expect(inkColumns(strokes(300, 0))).toBeUndefined();
  });
});
