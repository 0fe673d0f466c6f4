// Typing after a focus that did not take: the keys went nowhere. A type step makes sure of the focus
// before it sends keys (a tap that changed nothing and left no keyboard may have missed), and when
// what was typed does not show, it taps the field again before typing again — and types only what
// the field does not already hold, never the whole text twice.
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { focusedField } from '../../../src/core/agent/tools/typing-focus.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { startHarness } from '../../support/agent-harness.js';
import { line, screen } from '../../support/screen-builder.js';

const look = (lines: ReturnType<typeof line>[], keyboard = false): Observation => {
  const model = screen(lines);
  return {
    at: 0,
    quality: { ok: true },
    screen: keyboard
      ? {
          ...model,
          regions: [
            ...model.regions,
            {
              id: 'kb',
              kind: 'keyboard',
              box: { x: 0, y: 1500, width: 1080, height: 800 },
              evidence: 'pixels',
            } as never,
          ],
        }
      : model,
  };
};
const form = look([line('Sign in', 60, 200, 300, 60), line('Email', 60, 700)]);
const hit = {
  text: 'Email',
  kind: 'text',
  region: 'r1',
  unasked: false,
  box: { x: 60, y: 700, width: 90, height: 40 },
};

describe('typing after a focus tap that missed', () => {
  it('no field detected: a tap that changed nothing and left no keyboard is no focus, and nothing is typed', () => {
    const missed = focusedField(form, { hit, seenAfter: form, seenBefore: form });
    expect(missed).toMatchObject({
      ok: false,
      message: expect.stringMatching(/changed nothing .*may have missed the field; tap the field again/),
    });
    // The keyboard rose, or the screen changed (a caret, a focused look): the focus took.
    expect(
      focusedField(look([line('Sign in', 60, 200, 300, 60), line('Email', 60, 700)], true), {
        hit,
        seenAfter: form,
        seenBefore: form,
      }).ok,
    ).toBe(true);
    const caret = look([line('Sign in', 60, 200, 300, 60), line('Email', 60, 700), line('|', 60, 760, 4)]);
    expect(focusedField(caret, { hit, seenAfter: caret, seenBefore: form }).ok).toBe(true);
  });

  it('typing that showed nothing: the field is tapped again, then typed once, and it holds the text once', async () => {
    let typings = 0;
    // The first typing's keys go nowhere (the focus did not take); every later one arrives.
    const lostFirstTyping = (a: { ev: string }) => a.ev === 'type' && ++typings === 1;
    const lossy = await startHarness('sign-in-otp', { lost: lostFirstTyping });
    const task = taskSchema.parse({
      goal: 'type the email',
      inputs: { email: 'ada@example.com' },
      steps: [
        { tap: 'Email', expect_change: false },
        { type: '{email}', expect: '{email}', retries: 1, timeout_ms: 1500 },
        { submit: { summary: 'typed' } },
      ],
    });
    const summary = await lossy.run(new ScriptInterpreter(task as never), task as never);
    expect(summary.termination.kind).toBe('submitted');
    const sent = lossy.mcu.actuations.map((a) => a.ev);
    expect(sent).toEqual(['tap', 'type', 'tap', 'type']);
    const texts = lossy.device.groundTruth().texts.map((t) => t.text);
    expect(texts.filter((t) => t.includes('ada@example.com'))).toHaveLength(1);
    expect(texts.some((t) => t.includes('ada@example.comada'))).toBe(false);
  });
});
