import { describe, expect, it } from 'vitest';
import { defaultGuardrails } from '../../../src/core/agent/guard/guardrail-config.js';
import { judgeMargin } from '../../../src/core/agent/guard/tap-margin.js';
import { line, screen } from '../../support/screen-builder.js';

const rules = defaultGuardrails().approvals;
// A "Delete account?" dialog: Cancel on the left, Delete on the right, 40 px apart.
const cancelBox = { x: 160, y: 1300, width: 360, height: 100 };
const deleteBox = { x: 560, y: 1300, width: 360, height: 100 };
const dialog = screen([line('Cancel', 280, 1330, 120, 40), line('Delete', 680, 1330, 120, 40)], {
  shapes: [{ kind: 'button', box: cancelBox }, { kind: 'button', box: deleteBox }],
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
