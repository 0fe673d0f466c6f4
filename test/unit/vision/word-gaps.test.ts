// Words split where tesseract's glyph boxes show a space, and a field's caret cut off. Glyph
// boxes are the ones measured on the widened corpus (629 px wide prepared pictures).
import { describe, expect, it } from 'vitest';
import { restoreWordGaps, type Glyph, type GlyphWord } from '../../../src/adapters/observer-camera/word-gaps.js';

const glyph = (text: string, x0: number, x1: number, y0: number, y1: number, confidence = 99): Glyph => ({
  text,
  confidence,
  x0,
  x1,
  y0,
  y1,
});
const word = (confidence: number, ...glyphs: Glyph[]): GlyphWord => ({
  text: glyphs.map((g) => g.text).join(''),
  confidence,
  x0: Math.min(...glyphs.map((g) => g.x0)),
  y0: Math.min(...glyphs.map((g) => g.y0)),
  x1: Math.max(...glyphs.map((g) => g.x1)),
  y1: Math.max(...glyphs.map((g) => g.y1)),
  glyphs,
});
const texts = (words: { text: string }[]) => words.map((w) => w.text);

describe('restoreWordGaps', () => {
  it('splits a heading whose space tesseract lost ("Signin": a 12 px gap among 3 px letter gaps)', () => {
    const signin = word(
      85,
      glyph('S', 29, 48, 80, 106),
      glyph('i', 51, 57, 79, 105),
      glyph('g', 60, 77, 86, 112),
      glyph('n', 80, 97, 86, 105),
      glyph('i', 109, 115, 79, 105),
      glyph('n', 118, 134, 86, 105),
    );
    const split = restoreWordGaps([signin]);
    expect(texts(split)).toEqual(['Sign', 'in']);
    expect(split[0]).toMatchObject({ x0: 29, x1: 97, confidence: 85 });
    expect(split[1]).toMatchObject({ x0: 109, x1: 134 });
  });

  it('splits a count from its sign ("1x" before "€29.00") and leaves the price whole', () => {
    const price = word(
      85,
      glyph('€', 72, 83, 221, 238),
      glyph('2', 85, 96, 221, 238),
      glyph('9', 98, 108, 221, 238),
      glyph('.', 111, 114, 235, 238),
      glyph('0', 116, 127, 221, 238),
      glyph('0', 129, 140, 221, 238),
    );
    const count = word(85, glyph('1', 37, 44, 221, 238), glyph('x', 55, 64, 225, 235));
    expect(texts(restoreWordGaps([count, price]))).toEqual(['1', 'x', '€29.00']);
  });

  it('splits a gap as wide as a space tesseract found on the same line ("2x" 8 px apart, "x €6.50" 9 px)', () => {
    const count = word(75, glyph('2', 36, 47, 319, 336), glyph('x', 55, 64, 324, 333));
    const price = word(
      84,
      glyph('€', 73, 83, 320, 336),
      glyph('6', 86, 96, 320, 336),
      glyph('.', 99, 101, 334, 336),
      glyph('5', 105, 115, 320, 336),
      glyph('0', 117, 128, 320, 336),
    );
    expect(texts(restoreWordGaps([count, price]))).toEqual(['2', 'x', '€6.50']);
    // Alone on its line, the same gap is under three letter gaps: no evidence of a space.
    expect(
      texts(
        restoreWordGaps([
          word(
            75,
            glyph('2', 36, 47, 319, 336),
            glyph('x', 55, 64, 324, 333),
            glyph('y', 67, 76, 324, 333),
            glyph('z', 79, 88, 324, 333),
          ),
        ]),
      ),
    ).toEqual(['2xyz']);
  });

  it('never splits two digits, whose tabular side bearings can be as wide as a space', () => {
    const year = word(
      95,
      glyph('2', 10, 21, 0, 17),
      glyph('0', 23, 34, 0, 17),
      glyph('1', 44, 49, 0, 17),
      glyph('1', 57, 62, 0, 17),
    );
    expect(texts(restoreWordGaps([year]))).toEqual(['2011']);
  });

  it('keeps ordinary words as tesseract read them', () => {
    const gift = word(95, glyph('G', 29, 45, 409, 431), glyph('i', 40, 50, 408, 431), glyph('f', 49, 52, 410, 430));
    const free = word(
      96,
      glyph('(', 149, 156, 408, 436),
      glyph('f', 158, 167, 409, 430),
      glyph('r', 168, 176, 415, 430),
      glyph('e', 177, 190, 415, 430),
      glyph('e', 192, 205, 415, 430),
      glyph(')', 206, 214, 408, 436),
    );
    const out = restoreWordGaps([gift, free]);
    expect(texts(out)).toEqual(['Gif', '(free)']);
    expect(out[1]!.confidence).toBe(96);
  });

  it("cuts a focused field's caret off the last word and lets the glyphs' confidence stand", () => {
    const lovelace = word(
      0,
      glyph('L', 114, 129, 263, 286),
      glyph('o', 130, 146, 268, 286),
      glyph('v', 147, 161, 269, 286),
      glyph('e', 156, 168, 254, 292),
      glyph('l', 163, 184, 262, 286),
      glyph('a', 188, 202, 268, 286),
      glyph('c', 204, 219, 268, 286),
      glyph('e', 221, 236, 268, 286),
      glyph(']', 238, 242, 254, 292, 83),
    );
    const [cut] = restoreWordGaps([lovelace]);
    expect(cut).toMatchObject({ text: 'Lovelace', confidence: 99, x1: 236 });
  });

  it('keeps a word without glyph boxes (another engine) unchanged', () => {
    expect(restoreWordGaps([{ text: 'Done', confidence: 90, x0: 0, y0: 0, x1: 40, y1: 12, glyphs: [] }])).toEqual([
      { text: 'Done', confidence: 90, x0: 0, y0: 0, x1: 40, y1: 12 },
    ]);
  });
});
