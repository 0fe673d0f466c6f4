import { describe, expect, it } from 'vitest';
import { findElements } from '../../../src/core/vision/match-elements.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../../src/core/vision/ocr-metrics.js';
import { centreOf, screenModel, type OcrLine } from '../../../src/core/vision/screen-model.js';

/** A line of words laid left to right at height y, 30 px per character. */
function line(text: string, y: number, confidence = 0.9): OcrLine {
  let x = 40;
  const words = text.split(' ').map((word) => {
    const box = { x, y, width: word.length * 30, height: 40 };
    x += box.width + 20;
    return { text: word, box, confidence };
  });
  return { text, confidence, words, box: { x: 40, y, width: x - 60, height: 40 } };
}

const model = screenModel({ width: 1080, height: 2400 }, [
  line('Wi-Fi networks', 100),
  line('HomeNet-5G Secured', 400),
  line('Continue to payrnent', 900),
]);

describe('findElements on a hand-made screen', () => {
  it('forgives a documented OCR confusion (rn for m) and gives the element to tap', () => {
    const [best] = findElements(model, { text: 'Continue to payment' }).matches;
    expect(best!.element.text).toBe('Continue to payrnent');
    expect(centreOf(best!.element.box).y).toBe(920);
  });

  it('takes a word inside a longer line only when asked (contains), case-insensitively', () => {
    expect(findElements(model, { text: 'homenet-5g' }).matches).toEqual([]);
    const [best] = findElements(model, { text: 'homenet-5g', contains: true }).matches;
    expect(best!.element.text).toBe('HomeNet-5G Secured');
  });

  it('returns nothing for text that is not there', () => {
    expect(findElements(model, { text: 'Bluetooth' }).matches).toEqual([]);
  });
});

describe('OCR metrics', () => {
  it('joins runs on one row, and counts errors regardless of line order', () => {
    const truth = truthLines([
      { text: '82%', box: { x: 900, y: 10, width: 80, height: 40 } },
      { text: '09:41', box: { x: 20, y: 12, width: 90, height: 40 } },
      { text: 'Settings', box: { x: 20, y: 200, width: 200, height: 60 } },
    ]);
    expect(truth).toEqual(['09:41 82%', 'Settings']);
    expect(lineCharacterErrorRate(truth, ['Settings', '09:41 82%'])).toBe(0);
    expect(lineCharacterErrorRate(truth, ['Settlngs', '09:41 82%'])).toBeCloseTo(1 / 17, 6);
    expect(lineCharacterErrorRate(truth, ['Settings', '09:41 82%', '|||'])).toBeCloseTo(3 / 17, 6);
    expect(wordRecall(truth, ['Settings.', '09:41'])).toBeCloseTo(2 / 3, 6);
  });
});
