// Builds screen models by hand for matcher and guard tests: a line is text at a box, split into
// words spread over the box in proportion to their length (as the ground-truth observer does).
import type { LayoutHints } from '../../src/core/vision/screen-elements.js';
import { screenModel, type OcrLine, type ScreenModel } from '../../src/core/vision/screen-model.js';

export const PHONE = { width: 1080, height: 2400 };

export function line(
  text: string,
  x: number,
  y: number,
  width = text.length * 18,
  height = 40,
  confidence = 0.95,
): OcrLine {
  const box = { x, y, width, height };
  let offset = 0;
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const start = text.indexOf(word, offset);
      offset = start + word.length;
      return {
        text: word,
        confidence,
        box: { x: x + (width * start) / text.length, y, width: (width * word.length) / text.length, height },
      };
    });
  return { text, box, confidence, words };
}

export function screen(lines: OcrLine[], hints: LayoutHints = {}): ScreenModel {
  return screenModel(PHONE, lines, hints);
}
