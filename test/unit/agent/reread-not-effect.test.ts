// A tap that missed while a line elsewhere was read a little differently ("12.5 GB" / "12,5 GB"):
// the re-read is not the tap's effect, so the step is tried again. A change a tap can cause — near
// where it landed, a new line, a digit that moved — still forbids the retry (a second tap where the
// first one worked is worse than a false failure).
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { VerifyWindow, provenUnchanged } from '../../../src/core/agent/verify/verify-window.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { screenChange } from '../../../src/core/vision/screen-change.js';
import { line, screen } from '../../support/screen-builder.js';

const task = taskSchema.parse({
  goal: 'open storage settings',
  steps: [{ tap: 'Storage', expect: 'Free up space' }],
});
const look = (lines: ReturnType<typeof line>[], at = 0): Observation => ({
  at,
  screen: screen(lines),
  quality: { ok: true },
});
const TAP = { x: 150, y: 920 };
const settings = (usage: string, battery = 'Battery 80 %', extra: ReturnType<typeof line>[] = []) =>
  look([
    line('Settings', 60, 200, 300, 60),
    line('Storage', 60, 900),
    line(usage, 60, 1500),
    line(battery, 60, 1700),
    ...extra,
  ]);
const plannedOn = settings('Used 12.5 GB of 64 GB');

async function afterMissedTap(now: Observation) {
  const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
  const first = await interpreter.next({ step: 1, goal: task.goal, observation: plannedOn, results: [] });
  if (first.kind !== 'calls') throw new Error('expected a call');
  const failed = {
    callId: first.calls[0]!.id,
    tool: first.calls[0]!.name,
    status: 'verify_failed' as const,
    content: 'tap on "Storage" was sent, but "Free up space" is not on the screen',
    plannedOn,
    tappedAt: TAP,
    unchangedWindow: true,
  };
  return interpreter.next({ step: 2, goal: task.goal, observation: now, results: [failed] });
}

describe('a line read again away from the tap is not the tap effect', () => {
  it('a punctuation mark and a space read differently far from the tap: the step is tried again', async () => {
    const again = await afterMissedTap(settings('Used 12,5 GB of 64 GB', 'Battery 80%'));
    expect(again).toMatchObject({
      kind: 'calls',
      calls: [{ name: 'tap_text', argumentsJson: expect.stringContaining('Storage') }],
    });
  });

  it('a unit read differently far from the tap: the verify window proves the screen unchanged', () => {
    const window = new VerifyWindow(plannedOn, 0, TAP);
    window.see({ ...settings('Used 12.5 GB of 64 GB', 'Battery 80 %'), at: 300 });
    window.see({ ...settings('Used 12.5 GR of 64 GB', 'Battery 80%'), at: 600 });
    window.see({ ...settings('Used 12.5 GB of 64 6B', 'Battery 80 %'), at: 900 });
    expect(window.verdict()).toEqual({});
    expect(provenUnchanged(window.verdict())).toBe(true);
    const change = screenChange(plannedOn, settings('Used 12.5 GR of 64 GB'), TAP);
    expect(change).toMatchObject({
      changed: false,
      summary: expect.stringMatching(/read again: "Used 12.5 GB of 64 GB" read as "Used 12.5 GR of 64 GB"/),
    });
  });

  it('a digit that changed far from the tap is a real effect (a counter): the retry is refused', async () => {
    const decision = await afterMissedTap(settings('Used 12.6 GB of 64 GB'));
    expect(decision).toMatchObject({
      kind: 'halt',
      reason: expect.stringMatching(/was not retried: the screen changed/),
    });
  });

  it('a line re-read near where the tap landed may be its effect: the retry is refused', async () => {
    const near = look([
      line('Settings', 60, 200, 300, 60),
      line('Storage.', 60, 900),
      line('Used 12.5 GB of 64 GB', 60, 1500),
      line('Battery 80 %', 60, 1700),
    ]);
    const nearer = look([
      line('Settings', 60, 200, 300, 60),
      line('Storage', 60, 900),
      line('Storage 1 GB', 60, 960),
      line('Used 12.5 GB of 64 GB', 60, 1500),
      line('Battery 80 %', 60, 1700),
    ]);
    expect(screenChange(plannedOn, near, TAP).changed).toBe(false); // outer punctuation: the same words
    const decision = await afterMissedTap(nearer);
    expect(decision).toMatchObject({ kind: 'halt' });
    const reread = settings('Used 12.5 GB of 64 GB', 'Battery 80 %', [line('Storage 1 GB', 60, 1000)]);
    expect(screenChange(plannedOn, reread, TAP).changed).toBe(true);
  });

  it('a re-read far away together with a new line (a toast) is a change, and so is one that moved', () => {
    const toast = settings('Used 12,5 GB of 64 GB', 'Battery 80 %', [line('Storage is being calculated', 300, 2100)]);
    expect(screenChange(plannedOn, toast, TAP).changed).toBe(true);
    const moved = look([
      line('Settings', 60, 200, 300, 60),
      line('Storage', 60, 900),
      line('Used 12,5 GB of 64 GB', 60, 1600),
      line('Battery 80 %', 60, 1700),
    ]);
    expect(screenChange(plannedOn, moved, TAP).changed).toBe(true);
    // No tap point (a swipe, a key): every difference is a change, as before.
    expect(screenChange(plannedOn, settings('Used 12,5 GB of 64 GB'), undefined).changed).toBe(true);
  });
});
