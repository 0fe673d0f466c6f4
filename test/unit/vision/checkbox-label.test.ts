// A checkbox with its whole label as one control: a one-letter first word beside a checkbox was
// dropped from its label. The boxes are those the camera read beside AJShA's checkbox
// (../shared/real-apps: the label from x 157, 32 px tall, at y 1220; the box 60..126 across), the
// label "I agree to the terms" read as two lines, "I" and the rest, as the line reader splits
// after a lone narrow letter.
import { describe, expect, it } from 'vitest';
import { findElements } from '../../../src/core/vision/match-elements.js';
import { screenModel, type OcrLine } from '../../../src/core/vision/screen-model.js';

function line(text: string, x: number, y: number, width: number, height: number): OcrLine {
  const box = { x, y, width, height };
  return { text, box, confidence: 0.9, words: [{ text, box, confidence: 0.9 }] };
}
const size = { width: 1080, height: 1920 };
const checkbox = {
  shapes: [{ kind: 'checkbox' as const, box: { x: 72, y: 1209, width: 54, height: 54 }, state: { checked: true } }],
  evidence: 'pixels' as const,
};

describe('a checkbox and its whole label', () => {
  it('keeps a one-letter first word in the label, and the control is found by its whole label', () => {
    const model = screenModel(
      size,
      [line('I', 157, 1220, 9, 32), line('agree to the terms', 180, 1220, 352, 32)],
      checkbox,
    );
    const boxes = model.elements.filter((element) => element.kind === 'checkbox');
    expect(boxes.map((element) => [element.text, element.state.checked])).toEqual([['I agree to the terms', true]]);
    expect(findElements(model, { text: 'I agree to the terms' }).matches[0]?.element.kind).toBe('checkbox');
  });

  it('still leaves out a short mark standing apart from the label', () => {
    const model = screenModel(size, [line('O', 140, 1222, 14, 28), line('check this', 220, 1220, 186, 32)], checkbox);
    expect(model.elements.find((element) => element.kind === 'checkbox')?.text).toBe('check this');
  });
});
