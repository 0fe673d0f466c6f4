import { describe, expect, it } from 'vitest';
import { diffScreens } from '../../../src/core/vision/diff-screens.js';
import { findText } from '../../../src/core/vision/find-text.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../../src/core/vision/ocr-metrics.js';
import { screenModel, type OcrLine } from '../../../src/core/vision/screen-model.js';

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

const model = screenModel({ width: 1080, height: 2400 }, [line('Wi-Fi networks', 100), line('HomeNet-5G Secured', 400), line('Continue to payrnent', 900)]);

describe('findText', () => {
  it('finds text despite OCR errors, scored, with the centre to tap', () => {
    const [best] = findText(model, 'Continue to payment');
    expect(best!.text).toBe('Continue to payrnent');
    expect(best!.score).toBeGreaterThan(0.85);
    expect(best!.score).toBeLessThan(1);
    expect(best!.centre.y).toBe(920);
  });

  it('matches a word inside a longer line, case-insensitively, exactly', () => {
    const [best] = findText(model, 'homenet-5g');
    expect(best).toMatchObject({ text: 'HomeNet-5G', score: 1 });
    expect(best!.centre.x).toBe(40 + 150);
  });

  it('returns nothing for text that is not there', () => {
    expect(findText(model, 'Bluetooth')).toEqual([]);
  });
});

describe('diffScreens', () => {
  it('tells appeared, disappeared and changed lines, and ignores OCR jitter', () => {
    const after = screenModel(model.deviceSize, [line('Wi-Fi netw0rks', 100), line('HomeNet-5G Connected', 400), line('Wrong password, try again', 1500)]);
    const diff = diffScreens(model, after);
    expect(diff.same).toBe(false);
    expect(diff.appeared.map((l) => l.text)).toEqual(['Wrong password, try again']);
    expect(diff.disappeared.map((l) => l.text)).toEqual(['Continue to payrnent']);
    expect(diff.changed.map((c) => [c.before.text, c.after.text])).toEqual([['HomeNet-5G Secured', 'HomeNet-5G Connected']]);
    expect(diffScreens(model, model).same).toBe(true);
  });
});

describe('OCR metrics', () => {
  it('joins runs on one row, and counts errors regardless of line order', () => {
    const truth = truthLines([{ text: '82%', box: { x: 900, y: 10, width: 80, height: 40 } }, { text: '09:41', box: { x: 20, y: 12, width: 90, height: 40 } }, { text: 'Settings', box: { x: 20, y: 200, width: 200, height: 60 } }]);
    expect(truth).toEqual(['09:41 82%', 'Settings']);
    expect(lineCharacterErrorRate(truth, ['Settings', '09:41 82%'])).toBe(0);
    expect(lineCharacterErrorRate(truth, ['Settlngs', '09:41 82%'])).toBeCloseTo(1 / 17, 6);
    expect(lineCharacterErrorRate(truth, ['Settings', '09:41 82%', '|||'])).toBeCloseTo(3 / 17, 6);
    expect(wordRecall(truth, ['Settings.', '09:41'])).toBeCloseTo(2 / 3, 6);
  });
});
