// A heads-up notification over what a step waits for, on the in-process bench (the virtual chat
// device, its notification staying ten minutes over the reply): where the task allows it
// (dismissNotifications: true) the step swipes the notification away, up on its card, and finds the
// reply on the app's own screen, the tap sent once; where it does not, nothing is swiped and the step
// fails honestly. A bad value names the field and what to write.
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { startHarness } from '../../support/agent-harness.js';

const NAME = 'adversarial/chat-reply-heads-up';
const FILE = `src/sim/devices/${NAME}.task.yaml`;

async function runWith(dismissNotifications: boolean) {
  const task = { ...loadTask(FILE), dismissNotifications };
  const h = await startHarness(NAME);
  const summary = await h.run(
    new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> }),
    task,
  );
  const swipes = h.mcu.actuations.filter((a) => a.ev === 'swipe');
  return { h, summary, swipes, taps: h.mcu.actuations.filter((a) => a.ev === 'tap') };
}

describe('a heads-up notification over the reply a step waits for', () => {
  it('allowed: swiped away up on its card, then the reply is found in the app; one tap, one swipe', async () => {
    const { h, summary, swipes, taps } = await runWith(true);
    expect(summary.termination.kind, summary.sentence).toBe('submitted');
    expect(unmetExpectations(loadTaskFile(FILE), h.device)).toEqual([]);
    expect(taps).toHaveLength(1);
    expect(swipes).toHaveLength(1);
    expect(h.device.groundTruth().marks.some((mark) => mark.kind === 'banner')).toBe(false);
    // The swipe started on the card and went up.
    const audit = h.audit().filter((line) => line.tool === 'swipe');
    expect(audit.map((line) => line.status)).toEqual(['ok']);
    // The card: y 90..306 on this device.
    const [from, to] = (audit[0]!.args as { path: { x: number; y: number }[] }).path;
    expect(from!.y).toBeGreaterThan(to!.y);
    expect(from!.y).toBeGreaterThan(90);
    expect(from!.y).toBeLessThan(306);
  });

  it('not allowed: nothing is swiped, the tap is not sent again, and the step fails', async () => {
    const { summary, swipes, taps } = await runWith(false);
    expect(summary.termination.kind).toBe('halted');
    expect(swipes).toEqual([]);
    expect(taps).toHaveLength(1);
  });

  it('a bad value is refused naming the field and what to write', () => {
    const parsed = taskSchema.safeParse({ goal: 'read the reply', dismissNotifications: 'yes' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path).toEqual(['dismissNotifications']);
    expect(parsed.error!.issues[0]!.message).toMatch(/true or false.*leave it out/);
  });
});
