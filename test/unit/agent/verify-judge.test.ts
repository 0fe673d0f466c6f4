// The verify phase's judgement on one pair of looks: what counts as the effect of an action.
import { describe, expect, it } from 'vitest';
import { judge } from '../../../src/core/agent/loop/verify-phase.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';

const look = (lines: ReturnType<typeof line>[]): Observation => ({
  at: 0,
  screen: screen(lines),
  quality: { ok: true },
});

describe('judging an expectation', () => {
  it('a text already on the screen at the same place before the action is no evidence of its effect', () => {
    const before = look([line('Cache cleared.', 60, 150), line('Clear cache', 60, 800)]);
    const after = look([line('Cache cleared.', 60, 150), line('Clearing…', 60, 800)]);
    const verdict = judge(before, after, { kind: 'text_appears', text: 'Cache cleared' });
    expect(verdict).toMatchObject({
      met: false,
      detail: expect.stringContaining('was on the screen already before the action'),
    });
  });

  it('the same text appearing in a new place is the effect', () => {
    const before = look([line('Cache cleared.', 60, 150), line('Clear cache', 60, 800)]);
    const after = look([line('Cache cleared.', 60, 150), line('Cache cleared.', 60, 900)]);
    expect(judge(before, after, { kind: 'text_appears', text: 'Cache cleared' }).met).toBe(true);
  });

  it('"is off" never meets "is on", and the detail names what is there', () => {
    const verdict = judge(look([]), look([line('Do not disturb is off', 60, 400)]), {
      kind: 'text_appears',
      text: 'Do not disturb is on',
    });
    expect(verdict).toMatchObject({
      met: false,
      detail: expect.stringContaining('similar but not the same: "Do not disturb is off"'),
    });
  });

  it('a clock ticking in the status bar is not the screen changing', () => {
    const before = look([line('12:30', 20, 20, 90, 30), line('Inbox', 60, 300)]);
    const after = look([line('12:31', 20, 20, 90, 30), line('Inbox', 60, 300)]);
    expect(judge(before, after, { kind: 'screen_changes' }).met).toBe(false);
  });
});
