// Marks the line detector boxes that are no text, read as a letter or two, are dropped: a glyph
// shorter than any text (a 5 dp icon read "i", "TT"; a sliver cut by the navigation bar, "rf") and
// a round bullet or to-do circle read "O" or "Oo". Words of real text stay: a short label, a
// small digit, a capital "O" as tall as text and narrower than a circle, a password's dots.
import { describe, expect, it } from 'vitest';
import { lineOfWords, type OcrLine } from '../../../src/core/vision/ocr-line.js';
import { withoutStrayMarks } from '../../../src/core/vision/stray-marks.js';

const SCREEN = { width: 1080, height: 1920 };

function line(text: string, x: number, y: number, width: number, height: number): OcrLine {
  return lineOfWords([{ text, confidence: 0.8, box: { x, y, width, height } }]);
}

describe('withoutStrayMarks', () => {
  it('drops an opening quote never closed on its line, and keeps quotes that are closed', () => {
    const moon = line('‘Moon', 160, 1296, 174, 47);
    const [cleaned] = withoutStrayMarks([moon], SCREEN);
    expect(cleaned!.text).toBe('Moon');
    expect(cleaned!.words.map((word) => word.text)).toEqual(['Moon']);
    const quoted = lineOfWords([
      { text: '"Ad-silence"', confidence: 0.9, box: { x: 120, y: 500, width: 200, height: 40 } },
      { text: 'silences', confidence: 0.9, box: { x: 330, y: 500, width: 150, height: 40 } },
    ]);
    const open = line('“Wrapped quote', 120, 600, 300, 40);
    expect(withoutStrayMarks([quoted], SCREEN)).toEqual([quoted]);
    expect(withoutStrayMarks([open], SCREEN)[0]!.text).toBe('Wrapped quote');
  });

  it('drops one or two characters shorter than 6 dp and round glyphs in a square box', () => {
    const marks = [
      line('i', 169, 905, 7, 13),
      line('TT', 103, 1109, 26, 10),
      line('rf', 791, 1751, 9, 5),
      line('O', 75, 1041, 24, 24),
      line('Oo', 75, 1344, 24, 25),
    ];
    const text = [
      line('Chakras', 293, 895, 190, 42),
      line('OK', 500, 1500, 60, 30),
      line('7', 40, 400, 12, 19),
      line('O', 300, 600, 28, 36),
      line('No', 400, 700, 50, 30),
      line('•••••', 200, 800, 120, 12),
    ];
    expect(withoutStrayMarks([...marks, ...text], SCREEN)).toEqual(text);
  });

  it('measures in dp: the same 13 px "i" is text on a 540 px wide screen (6.5 dp tall)', () => {
    const small = line('i', 80, 450, 4, 13);
    expect(withoutStrayMarks([small], { width: 540, height: 960 })).toEqual([small]);
  });
});
