// Words that are drawn shapes read as letters (a toggle, an outlined button's rounded ends) are
// left out of the screen model; a label inside the button, and a word a toggle was wrongly found
// on, stay. Boxes as measured on the widened corpus (settings-wifi-roboto/00001, device pixels).
import { describe, expect, it } from 'vitest';
import { withoutShapeGlyphs } from '../../../src/core/vision/shape-glyphs.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';
import type { OcrLine, OcrWord } from '../../../src/core/vision/ocr-line.js';
import type { LayoutHints } from '../../../src/core/vision/screen-elements.js';

const word = (text: string, x: number, y: number, width: number, height: number): OcrWord => ({
  text,
  confidence: 0.9,
  box: { x, y, width, height },
});
const line = (...words: OcrWord[]): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 0.9,
  box: words[0]!.box,
  words,
});
const hints: LayoutHints = {
  shapes: [
    { kind: 'toggle', box: { x: 901, y: 330, width: 118, height: 62 }, state: { checked: false } },
    { kind: 'button', box: { x: 20, y: 465, width: 1041, height: 149 } },
  ],
  evidence: 'pixels',
};
const texts = (lines: OcrLine[]) => lines.map((l) => l.text);

describe('withoutShapeGlyphs', () => {
  it("drops the toggle read as 'a»' and the button's left end read as 'C', keeps the label and the row's text", () => {
    const read = [
      line(word('Wi-Fi', 50, 343, 101, 36), word('a»', 900, 331, 118, 59)),
      line(word('C', 45, 470, 80, 139)),
      line(word('Network', 340, 520, 210, 38), word('&', 560, 520, 30, 38), word('internet', 600, 520, 140, 38)),
    ];
    const kept = withoutShapeGlyphs(read, hints);
    expect(texts(kept)).toEqual(['Wi-Fi', 'Network & internet']);
    expect(kept[0]!.box.width).toBe(101);
  });

  it("keeps a short word near a button's end (a label is far shorter than its button)", () => {
    expect(texts(withoutShapeGlyphs([line(word('OK', 40, 520, 50, 38))], hints))).toEqual(['OK']);
  });

  it('keeps a bold word a toggle was found on by mistake (the word is not inside the toggle)', () => {
    const onWord: LayoutHints = {
      shapes: [{ kind: 'toggle', box: { x: 237, y: 299, width: 113, height: 52 }, state: { checked: true } }],
    };
    expect(texts(withoutShapeGlyphs([line(word('Connected', 50, 293, 390, 54))], onWord))).toEqual(['Connected']);
  });

  it('is applied by screenModel', () => {
    const model = screenModel({ width: 1080, height: 2400 }, [line(word('a»', 900, 331, 118, 59))], hints);
    expect(model.lines).toEqual([]);
  });
});
