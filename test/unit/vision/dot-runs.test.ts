// A password field's dots, read by tesseract as doubtful letters, are told from their pixels: only
// equal filled discs make a run of "•"; letters (strokes fill less of their box), a sure word and
// an ellipsis's small dots do not.
import { describe, expect, it } from 'vitest';
import { discs } from '../../support/disc-picture.js';
import { countDiscs, readDotRuns } from '../../../src/adapters/observer-camera/dot-runs.js';
import type { RawLine } from '../../../src/core/ports/ocr.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';

/** Ring-shaped glyphs (an "o" or "e" stroke): dark outline, light inside. */
function rings(width: number, height: number, size: number, centres: [number, number][]): GrayImage {
  const data = new Uint8Array(width * height).fill(230);
  for (const [cx, cy] of centres)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const r = Math.sqrt((x - cx) ** 2 + (y - cy) ** 2);
        if (r <= size / 2 && r >= size / 2 - 1.5) data[y * width + x] = 30;
      }
  return { data, width, height };
}
const line = (text: string, confidence: number, x0: number, y0: number, x1: number, y1: number): RawLine => ({
  text,
  confidence,
  x0,
  y0,
  x1,
  y1,
  words: [{ text, confidence, x0, y0, x1, y1 }],
});
const five: [number, number][] = [54, 65, 76, 86, 97].map((x) => [x, 282]);

describe('readDotRuns', () => {
  it('reads five doubtful "letters" that are filled discs as five dots', () => {
    const image = discs(200, 320, 9, five);
    const [read] = readDotRuns([line('esses', 37, 50, 278, 101, 287), line('Password', 95, 50, 232, 141, 249)], image);
    expect(read).toMatchObject({ text: '•••••', confidence: 90 });
    expect(read!.words[0]!.text).toBe('•••••');
  });

  it("reads the run when the word's box cuts its first disc in half (the line detector's stack read 'leeee' from inside it)", () => {
    const image = discs(200, 320, 9, five);
    const [read] = readDotRuns([line('leeee', 26, 56, 278, 101, 287), line('Password', 95, 50, 232, 141, 249)], image);
    expect(read).toMatchObject({ text: '•••••', confidence: 90 });
  });

  it('leaves a sure word alone and rings (letter strokes) alone', () => {
    expect(readDotRuns([line('esses', 95, 50, 278, 101, 287)], discs(200, 320, 9, five))[0]!.text).toBe('esses');
    expect(readDotRuns([line('ooooo', 30, 50, 278, 101, 287)], rings(200, 320, 9, five))[0]!.text).toBe('ooooo');
  });

  it('counts nothing where other ink shares the box, or where the dots are small beside the text (an ellipsis)', () => {
    const withBar = discs(200, 320, 9, five);
    for (let y = 274; y < 292; y++) withBar.data[y * 200 + 104] = 30;
    expect(countDiscs(withBar, { x0: 50, y0: 274, x1: 106, y1: 292 }, 4)).toBe(0);
    expect(countDiscs(discs(200, 320, 3, five), { x0: 50, y0: 278, x1: 101, y1: 287 }, 5)).toBe(0);
  });
});
