// A checkbox or switch with its whole label as one control: a one-letter first word beside a
// checkbox was dropped from its label, and a switch's summary wrapped past its row lost its last
// line. The boxes are those the camera read beside AJShA's checkbox
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
/** A line whose words each take their share of its width by their letters (a space a letter wide). */
function words(text: string, x: number, y: number, width: number, height: number): OcrLine {
  const perLetter = width / text.length;
  let at = x;
  const parts = text.split(' ').map((word) => {
    const box = { x: at, y, width: word.length * perLetter, height };
    at += (word.length + 1) * perLetter;
    return { text: word, box, confidence: 0.9 };
  });
  return { text, box: { x, y, width, height }, confidence: 0.9, words: parts };
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

  it("takes a switch's whole wrapped summary as its label, however far it reaches past the switch's row", () => {
    // A settings row as the camera read Activity Launcher's (../shared/real-apps): a title, a
    // summary of three lines from x 216, the switch level with the summary's first two.
    const lines = [
      words('Hide private activities', 216, 420, 430, 48),
      words('Hide private (unexported and', 216, 480, 600, 38),
      words('disabled) activities, that cannot', 216, 528, 610, 38),
      words('be started without root access', 216, 576, 560, 38),
    ];
    const model = screenModel(size, lines, {
      shapes: [{ kind: 'toggle', box: { x: 906, y: 490, width: 102, height: 60 }, state: { checked: false } }],
      evidence: 'pixels',
    });
    const toggle = model.elements.find((element) => element.kind === 'toggle');
    expect(toggle?.text).toBe(
      'Hide private (unexported and disabled) activities, that cannot be started without root access',
    );
    expect(model.elements.map((element) => element.text)).toContain('Hide private activities');
  });
});
