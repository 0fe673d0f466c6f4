// Icons in the system bars read as letters are dropped; the bars' real text (clock, battery level)
// and every word outside the bars are kept. Boxes are the ones measured on the widened corpus
// (settings-wifi-roboto/00001, sign-in-otp-roboto/00002; 1080 x 2400 device pixels).
import { describe, expect, it } from 'vitest';
import { withoutBarIcons } from '../../../src/adapters/observer-camera/icon-words.js';
import type { OcrLine, OcrWord } from '../../../src/core/vision/ocr-line.js';

const deviceSize = { width: 1080, height: 2400 };
const word = (text: string, x: number, y: number, width: number, height: number, confidence = 0.9): OcrWord => ({
  text,
  confidence,
  box: { x, y, width, height },
});
const line = (...words: OcrWord[]): OcrLine => ({
  text: words.map((w) => w.text).join(' '),
  confidence: 0.9,
  box: { x: words[0]!.box.x, y: words[0]!.box.y, width: 100, height: words[0]!.box.height },
  words,
});
const texts = (lines: OcrLine[]) => lines.map((l) => l.text);

describe('withoutBarIcons', () => {
  it('drops the Wi-Fi and battery icons next to the clock and keeps the clock and the level', () => {
    const read = [
      line(word('WV', 841, 21, 46, 33, 0.41), word('76%', 900, 21, 65, 29), word('(mm)', 980, 16, 69, 52, 0.63)),
      line(word('09:41', 50, 22, 93, 29)),
    ];
    const kept = withoutBarIcons(read, deviceSize);
    expect(texts(kept)).toEqual(['76%', '09:41']);
    expect(kept[0]!.box.x).toBe(900);
  });

  it('drops Back / Home / Recents read as letters in the navigation bar, not a longer word there', () => {
    const read = [
      line(word('Oo', 513, 2300, 53, 55)),
      line(word('O', 872, 2300, 55, 55)),
      line(word('Undo', 80, 2290, 90, 40)),
    ];
    expect(texts(withoutBarIcons(read, deviceSize))).toEqual(['Undo']);
  });

  it('drops the Home circle read as a doubtful longer word in the navigation bar (the line detector read it "roy")', () => {
    const read = [line(word('roy', 522, 2314, 38, 7, 0.56)), line(word('Undo', 80, 2290, 90, 40))];
    expect(texts(withoutBarIcons(read, deviceSize))).toEqual(['Undo']);
  });

  it("keeps Pointer location's labels over the status bar ('X:' before '270.0'), not a colon-less icon before a number", () => {
    const read = [
      line(
        word('X:', 300, 20, 30, 30),
        word('270.0', 340, 20, 80, 30),
        word('Y:', 450, 20, 30, 30),
        word('1080.0', 490, 20, 90, 30),
      ),
      line(word('WV', 841, 21, 46, 33, 0.41), word('76%', 900, 21, 65, 29)),
    ];
    expect(texts(withoutBarIcons(read, deviceSize))).toEqual(['X: 270.0 Y: 1080.0', '76%']);
  });

  it('keeps every word between the bars, however short', () => {
    const read = [
      line(word('OK', 500, 1200, 60, 40)),
      line(word('V', 50, 300, 40, 40)),
      line(word('0', 50, 2200, 30, 40)),
    ];
    expect(texts(withoutBarIcons(read, deviceSize))).toEqual(['OK', 'V', '0']);
  });
});
