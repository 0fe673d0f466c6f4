// Tesseract decides word breaks from its own spacing model, and on tightly set fonts (Roboto's
// headings, a "1 × €29.00" price row) it joins two words into one ("Signin", "1x") although the
// pixels show a space between their glyphs. Its symbol boxes carry the evidence: a gap between
// two glyphs of one word that is half an x-height wide and either several times the line's usual
// letter gap or about as wide as a space tesseract found on the same line is a space, and the word
// is split there. A focused field's caret, a thin bar taller than
// the text right after the last letter, is read as "]" or "|" and glued to the word: it is cut
// off (it is not text). Pure: glyph boxes in, words out, in the picture's pixels.
import type { RawWord } from '../../core/ports/ocr.js';

/** One symbol tesseract read, with its box: the same shape as a word. */
export type Glyph = RawWord;

export interface GlyphWord extends RawWord {
  glyphs: Glyph[];
}

/** A within-word gap at least this many times the line's median letter gap may be a space... */
const GAP_TIMES_LETTER_GAP = 3;
/** ...or at least this share of the narrowest gap between the line's words as tesseract read them... */
const LIKE_A_WORD_GAP = 0.85;
/** ...when it is also at least this share of the line's x-height (a space is about 0.47 x-height in Roboto). */
const GAP_SHARE_OF_X_HEIGHT = 0.5;
/** Glyphs without ascenders or descenders: their height is the x-height. */
const X_HEIGHT_GLYPHS = /^[acemnorsuvwxz]$/;
const DIGIT = /^\p{N}$/u;
/** A caret is thin (width at most this share of its height)... */
const CARET_WIDTH_SHARE = 0.15;
/** ...and this many times taller than the word's median glyph (the caret after "Lovelace": 2.1x; a ")" in "(free)" is 1.9x but 0.29 as wide as tall: measured). */
const CARET_HEIGHT_TIMES = 1.6;

/** The words of one line, split where the glyph gaps show a space and with a trailing caret removed. */
export function restoreWordGaps(words: GlyphWord[]): RawWord[] {
  const gaps = words.flatMap((word) => word.glyphs.slice(1).map((g, i) => Math.max(0, g.x0 - word.glyphs[i]!.x1)));
  const letterGap = median(gaps) ?? 0;
  const xHeight = lineXHeight(words.flatMap((word) => word.glyphs));
  // A space is at least half an x-height, and either several letter gaps wide or about as wide as
  // a gap tesseract itself took for a space on this line ("2x" 8 px apart, "x €6.50" 9 px).
  const least = Math.max(3, GAP_SHARE_OF_X_HEIGHT * xHeight);
  const wordGaps = words.slice(1).map((word, i) => word.x0 - words[i]!.x1);
  const likeAWordGap = wordGaps.length ? LIKE_A_WORD_GAP * Math.min(...wordGaps) : Infinity;
  const space = Math.max(least, Math.min(GAP_TIMES_LETTER_GAP * letterGap, likeAWordGap));
  return words.flatMap((word) => {
    // Without glyph boxes (another engine) there is no evidence either way.
    if (!word.glyphs.length) return [plainWord(word)];
    const glyphs = withoutCaret(word.glyphs);
    const pieces: Glyph[][] = [[glyphs[0]!]];
    for (let i = 1; i < glyphs.length; i++) {
      const before = glyphs[i - 1]!,
        glyph = glyphs[i]!;
      // Tabular figures ("11") carry side bearings as wide as a space: digits are never split apart.
      const bothDigits = DIGIT.test(before.text) && DIGIT.test(glyph.text);
      if (glyph.x0 - before.x1 >= space && !bothDigits) pieces.push([glyph]);
      else pieces.at(-1)!.push(glyph);
    }
    const caretCut = glyphs.length < word.glyphs.length;
    if (pieces.length === 1 && !caretCut) return [plainWord(word)];
    return pieces.map((piece) => wordOf(piece, word.confidence, caretCut));
  });
}

function plainWord(word: GlyphWord): RawWord {
  return { text: word.text, confidence: word.confidence, x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1 };
}

function wordOf(glyphs: Glyph[], wordConfidence: number, caretCut: boolean): RawWord {
  return {
    text: glyphs.map((g) => g.text).join(''),
    // With the caret cut, tesseract's doubt about the word was the caret's (a word ending in a bar
    // is no dictionary word): the least sure glyph left stands for the word. A split word keeps its own.
    confidence: caretCut ? Math.min(...glyphs.map((g) => g.confidence)) : wordConfidence,
    x0: Math.min(...glyphs.map((g) => g.x0)),
    y0: Math.min(...glyphs.map((g) => g.y0)),
    x1: Math.max(...glyphs.map((g) => g.x1)),
    y1: Math.max(...glyphs.map((g) => g.y1)),
  };
}

/** The glyphs without a trailing caret: a thin non-letter bar much taller than the letters before it. */
function withoutCaret(glyphs: Glyph[]): Glyph[] {
  const last = glyphs.at(-1);
  if (!last || glyphs.length < 2 || /[\p{L}\p{N}]/u.test(last.text)) return glyphs;
  const height = last.y1 - last.y0;
  const typical = median(glyphs.slice(0, -1).map((g) => g.y1 - g.y0)) ?? height;
  const isCaret = last.x1 - last.x0 <= CARET_WIDTH_SHARE * height && height >= CARET_HEIGHT_TIMES * typical;
  return isCaret ? glyphs.slice(0, -1) : glyphs;
}

function lineXHeight(glyphs: Glyph[]): number {
  const small = median(glyphs.filter((g) => X_HEIGHT_GLYPHS.test(g.text)).map((g) => g.y1 - g.y0));
  if (small !== undefined) return small;
  // No x-height letter on the line (digits, capitals): about 0.7 of the glyphs' height.
  return 0.7 * (median(glyphs.filter((g) => /[\p{L}\p{N}]/u.test(g.text)).map((g) => g.y1 - g.y0)) ?? 0);
}

function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}
