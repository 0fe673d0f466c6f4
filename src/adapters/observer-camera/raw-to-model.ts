// Tesseract's lines (in prepared-image pixels) to screen-model lines in device pixels. Words
// with no letter or digit (icons read as "|", "©") and words below a confidence floor are dropped.
import type { RawLine } from '../../core/ports/ocr.js';
import { unionBox, type OcrLine, type OcrWord } from '../../core/vision/screen-model.js';

export const MIN_WORD_CONFIDENCE = 0.3;

export function toDeviceLines(raw: RawLine[], scale: { x: number; y: number }): OcrLine[] {
  const lines: OcrLine[] = [];
  for (const line of raw) {
    const words: OcrWord[] = line.words
      .filter((w) => /[\p{L}\p{N}]/u.test(w.text) && w.confidence / 100 >= MIN_WORD_CONFIDENCE)
      .map((w) => ({
        text: w.text,
        confidence: w.confidence / 100,
        box: { x: w.x0 * scale.x, y: w.y0 * scale.y, width: (w.x1 - w.x0) * scale.x, height: (w.y1 - w.y0) * scale.y },
      }));
    if (!words.length) continue;
    lines.push({
      text: words.map((w) => w.text).join(' '),
      confidence: words.reduce((s, w) => s + w.confidence, 0) / words.length,
      box: unionBox(words.map((w) => w.box)),
      words,
    });
  }
  return lines;
}
