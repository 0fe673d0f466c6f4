// Tesseract's lines (in prepared-image pixels) to screen-model lines in device pixels. Words
// with no letter or digit (icons read as "|", "©") and words below a confidence floor are dropped,
// except a short sure sign between two words of the line ("Network & internet", "1 × €29.00"):
// icons sit at a line's ends, beside the text, not inside a run of words; and a password field's
// dots (dot-runs.ts). A lone "x" between two numbers is the multiplication sign (times-sign.ts).
import type { RawLine } from '../../core/ports/ocr.js';
import { lineOfWords, type OcrLine, type OcrWord } from '../../core/vision/ocr-line.js';
import { timesSignOf } from '../../core/vision/times-sign.js';

export const MIN_WORD_CONFIDENCE = 0.3;
/** A sign between words is kept at this confidence (0..1) or above, up to this many characters. */
const SIGN_CONFIDENCE = 0.85;
const SIGN_LENGTH = 2;
/** A password field's dots, told from their pixels (dot-runs.ts): text, though no letter. */
const DOT_RUN = /^\u2022{3,}$/u;

export function toDeviceLines(raw: RawLine[], scale: { x: number; y: number }): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const line of raw) {
    const kept = line.words.filter(
      (w, i) =>
        w.confidence / 100 >= MIN_WORD_CONFIDENCE &&
        (/[\p{L}\p{N}]/u.test(w.text) || isSignBetweenWords(line.words, i) || DOT_RUN.test(w.text)),
    );
    const words: OcrWord[] = kept.map((w, i) => ({
      text: timesSignOf(kept[i - 1]?.text, w.text, kept[i + 1]?.text),
      confidence: w.confidence / 100,
      box: { x: w.x0 * scale.x, y: w.y0 * scale.y, width: (w.x1 - w.x0) * scale.x, height: (w.y1 - w.y0) * scale.y },
    }));
    if (!words.length) continue;
    lines.push(lineOfWords(words));
  }
  return lines;
}

function isSignBetweenWords(words: RawLine['words'], index: number): boolean {
  const word = words[index]!;
  const isWord = (w: RawLine['words'][number] | undefined) => w !== undefined && /[\p{L}\p{N}]/u.test(w.text);
  return (
    word.text.length <= SIGN_LENGTH &&
    word.confidence / 100 >= SIGN_CONFIDENCE &&
    isWord(words[index - 1]) &&
    isWord(words[index + 1])
  );
}
