// Tesseract's words to the screen model's: a word with no letter or digit is an icon and dropped,
// unless it is a short sure sign between two words of the line ("Network & internet") or a
// password field's dots; words below the confidence floor go.
import { describe, expect, it } from 'vitest';
import { toDeviceLines } from '../../../src/adapters/observer-camera/raw-to-model.js';
import type { RawLine, RawWord } from '../../../src/core/ports/ocr.js';

const word = (text: string, x0: number, confidence = 93): RawWord => ({
  text,
  confidence,
  x0,
  x1: x0 + 20,
  y0: 0,
  y1: 20,
});
const line = (...words: RawWord[]): RawLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 90,
  x0: words[0]!.x0,
  y0: 0,
  x1: words.at(-1)!.x1,
  y1: 20,
  words,
});
const read = (...lines: RawLine[]) => toDeviceLines(lines, { x: 1, y: 1 }).map((l) => l.text);

describe('toDeviceLines', () => {
  it('keeps a sure sign between two words and drops icons at the ends of a line', () => {
    expect(read(line(word('©', 0), word('Network', 30), word('&', 60), word('internet', 90), word('|', 120)))).toEqual([
      'Network & internet',
    ]);
  });

  it('drops a doubtful sign between words, and keeps a run of password dots', () => {
    expect(read(line(word('Network', 30), word('&', 60, 60), word('internet', 90)))).toEqual(['Network internet']);
    expect(read(line(word('•••••', 0, 90)))).toEqual(['•••••']);
  });
});
