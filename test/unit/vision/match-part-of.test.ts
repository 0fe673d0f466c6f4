// Issue 27 item 7: a target or expectation that exists only as part of a longer element is named,
// with where it is and how to ask for a part: `"12 min" is part of "Arrives in 12 min" (text at
// 540,612); add contains: true if a part is meant`. Before, the message said only that it was not
// on the screen as a whole element.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../src/core/agent/loop/verify-phase.js';
import { findElements, notFoundMessage, resolveTarget } from '../../../src/core/vision/match-elements.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';

const ride = screen([line('Your ride', 60, 300), line('Arrives in 12 min', 387, 592, 306, 40)]);
const look = (s = ride): Observation => ({ at: 0, screen: s, quality: { ok: true } });

describe('what was nearly found', () => {
  it('an expectation that is part of a longer element: named, placed, and how to ask for a part', () => {
    const check = judge(look(screen([line('Your ride', 60, 300)])), look(), { kind: 'text_appears', text: '12 min' });
    expect(check.met).toBe(false);
    expect(check.detail).toContain(
      '"12 min" is part of "Arrives in 12 min" (text at 540,612); add contains: true if a part is meant',
    );
  });

  it('a tap target the same way', () => {
    const resolution = resolveTarget(ride, { text: 'Arrives' });
    expect(resolution.ok).toBe(false);
    if (!resolution.ok)
      expect(resolution.message).toMatch(/"Arrives" is part of "Arrives in 12 min" \(text at 540,612\)/);
  });

  it('a part asked for with contains is found, and no part is claimed where the query may not look', () => {
    expect(findElements(ride, { text: '12 min', contains: true }).matches).toHaveLength(1);
    const report = findElements(ride, { text: '12 min', in: 'dialog' });
    expect(report.partOf).toEqual([]);
    expect(notFoundMessage({ text: '12 min', in: 'dialog' }, report)).not.toMatch(/is part of/);
  });

  it('a word is never part of a word: "12" is not part of "120 min"', () => {
    const report = findElements(screen([line('Arrives in 120 min', 60, 600)]), { text: '12' });
    expect(report.partOf).toEqual([]);
  });
});
