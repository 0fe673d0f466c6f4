// A physical step whose effect did not show is retried only on the screen it was planned on.
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';

const task = taskSchema.parse({
  goal: 'open the dialog, read it, cancel',
  steps: [{ tap: 'Delete account', expect: 'It cannot be undone' }, { tap: 'Cancel' }],
});
const look = (lines: ReturnType<typeof line>[]): Observation => ({
  at: 0,
  screen: screen(lines),
  quality: { ok: true },
});
const account = look([line('Account', 60, 200, 300, 60), line('Delete account', 60, 900)]);
const dialog = look([line('Delete account?', 200, 1000), line('Cancel', 200, 1300), line('Delete account', 600, 1300)]);

/** The first try's outcome; `unchangedWindow`: its verify window proved the screen unchanged. */
async function firstTryFails(interpreter: ScriptInterpreter, unchangedWindow = true) {
  const first = await interpreter.next({ step: 1, goal: task.goal, observation: account, results: [] });
  if (first.kind !== 'calls') throw new Error('expected a call');
  const call = first.calls[0]!;
  return {
    callId: call.id,
    tool: call.name,
    status: 'verify_failed' as const,
    content: 'the expectation did not show',
    plannedOn: account,
    ...(unchangedWindow ? { unchangedWindow } : {}),
  };
}

describe('retrying a physical step', () => {
  it('on the same screen (the tap missed): the step is tried again', async () => {
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const failed = await firstTryFails(interpreter);
    const again = await interpreter.next({ step: 2, goal: task.goal, observation: account, results: [failed] });
    expect(again).toMatchObject({
      kind: 'calls',
      calls: [{ name: 'tap_text', argumentsJson: expect.stringContaining('Delete account') }],
    });
  });

  it('on a different screen (the tap opened the dialog): never looked up again there, the step fails saying what changed', async () => {
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const failed = await firstTryFails(interpreter);
    const decision = await interpreter.next({ step: 2, goal: task.goal, observation: dialog, results: [failed] });
    expect(decision.kind).toBe('halt');
    if (decision.kind === 'halt')
      expect(decision.reason).toMatch(
        /was not retried: the screen changed after the first try \(appeared: "Delete account\?"/,
      );
  });

  it('after a verify window that saw a change (a toast came and went), never again: the step halts saying what appeared', async () => {
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const failed = {
      ...(await firstTryFails(interpreter, false)),
      content:
        'tap on "Delete account" was sent, but "It cannot be undone" is not on the screen. The screen changed 560 ms after the action (appeared: "Request sent"): the action had an effect, so it must not be repeated.',
    };
    // The screen now is the very screen the step was planned on: the toast has gone.
    const decision = await interpreter.next({ step: 2, goal: task.goal, observation: account, results: [failed] });
    expect(decision).toMatchObject({
      kind: 'halt',
      reason: expect.stringMatching(/was not retried: .*appeared: "Request sent"/),
    });
  });

  it('after one dark frame (OCR noise "7", "hot", "ir"), the retry waits for a good picture instead of taking the noise for a change', async () => {
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const failed = await firstTryFails(interpreter);
    const dark: Observation = {
      at: 0,
      screen: screen([line('7', 300, 900), line('hot', 500, 1400), line('ir', 200, 1800)]),
      quality: { ok: false, problems: [{ kind: 'too_dark', value: 20, limit: 60, message: 'the frame is too dark' }] },
    };
    const settle = await interpreter.next({ step: 2, goal: task.goal, observation: dark, results: [failed] });
    expect(settle).toMatchObject({ kind: 'calls', calls: [{ name: 'wait_for' }] });
    if (settle.kind !== 'calls') return;
    const looked = {
      callId: settle.calls[0]!.id,
      tool: 'wait_for',
      status: 'ok' as const,
      content: 'the screen changed',
    };
    const again = await interpreter.next({ step: 3, goal: task.goal, observation: account, results: [looked] });
    expect(again).toMatchObject({
      kind: 'calls',
      calls: [{ name: 'tap_text', argumentsJson: expect.stringContaining('Delete account') }],
    });
  });
});
