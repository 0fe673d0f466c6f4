import { describe, expect, it } from 'vitest';
import { defaultGuardrails } from '../../../src/core/agent/guard/guardrail-config.js';
import { judgeMargin } from '../../../src/core/agent/guard/tap-margin.js';
import { line, screen } from '../../support/screen-builder.js';

const rules = defaultGuardrails().approvals;
// A "Delete account?" dialog: Cancel on the left, Delete on the right, 40 px apart.
const cancelBox = { x: 160, y: 1300, width: 360, height: 100 };
const deleteBox = { x: 560, y: 1300, width: 360, height: 100 };
const dialog = screen([line('Cancel', 280, 1330, 120, 40), line('Delete', 680, 1330, 120, 40)], {
  shapes: [
    { kind: 'button', box: cancelBox },
    { kind: 'button', box: deleteBox },
  ],
});
const centre = { x: 340, y: 1350 };

describe('the tap margin', () => {
  it('with a small margin, a tap in the middle of Cancel is clear of Delete and stays where it was aimed', () => {
    expect(judgeMargin(dialog, centre, cancelBox, 24, 'tap_text', rules)).toEqual({ point: centre, moved: false });
  });

  it('when Delete lies within the margin, the aim moves to the far side of Cancel, and that is enough', () => {
    const verdict = judgeMargin(dialog, centre, cancelBox, 250, 'tap_text', rules);
    expect(verdict.moved).toBe(true);
    expect(verdict.point.x).toBeLessThan(centre.x);
    expect(deleteBox.x - verdict.point.x).toBeGreaterThan(250);
    expect(verdict.point.x).toBeGreaterThanOrEqual(cancelBox.x);
    expect(verdict.risky).toBeUndefined();
  });

  it('when no point of Cancel is far enough from Delete, the risk is reported for the approval gate', () => {
    const verdict = judgeMargin(dialog, centre, cancelBox, 400, 'tap_text', rules);
    expect(verdict.risky?.element.text).toBe('Delete');
    expect(verdict.risky?.rule.name).toBe('irreversible');
  });

  it('a tap_point with no element box to move in reports a risky neighbour at once', () => {
    const verdict = judgeMargin(dialog, { x: 540, y: 1350 }, undefined, 24, 'tap_point', rules);
    expect(verdict.risky?.element.text).toBe('Delete');
  });
});

describe("a label read without a button shape around it (a dialog's text buttons)", () => {
  // As the close-account dialog reads: the labels 91 px apart, no shapes; the real Delete target
  // reaches 12 dp (36 px) left of its letters.
  const labels = screen([line('Cancel', 496, 1372, 163, 36), line('Delete', 750, 1373, 160, 34)]);
  const cancelText = labels.elements.find((e) => e.text === 'Cancel')!;
  const aim = { x: 578, y: 1390 };

  it('counts the padding a phone gives such a button: 172 px from the letters is 136 px from the target', () => {
    const verdict = judgeMargin(labels, aim, cancelText.box, 160, 'tap_text', rules);
    expect(verdict.moved).toBe(true);
    expect(verdict.point.x).toBeLessThan(530);
    expect(verdict.risky).toBeUndefined();
    // The measured miss (150 px right) from the new aim stays on Cancel's side of Delete's target.
    expect(verdict.point.x + 150).toBeLessThan(750 - 36);
  });

  it('a shape seen in the pixels is its own area, with no padding added', () => {
    const shaped = screen([line('Cancel', 496, 1372, 163, 36), line('Delete', 750, 1373, 160, 34)], {
      shapes: [{ kind: 'button', box: { x: 740, y: 1360, width: 180, height: 60 } }],
    });
    const verdict = judgeMargin(
      shaped,
      aim,
      shaped.elements.find((e) => e.text === 'Cancel')!.box,
      150,
      'tap_text',
      rules,
    );
    expect(verdict).toEqual({ point: aim, moved: false });
  });
});
