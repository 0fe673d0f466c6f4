// Issue 27 item 4 on the in-process bench (manual clock): a swipe's length comes from what is
// swiped. `swipe: left` `from:` a short left-aligned label moves its row across 60 % of the row's
// width (before: from the label's centre to the edge, ~200 px, which dismissed nothing, and the same
// useless gesture was sent twice more). A swipe that changed nothing had no effect: it is sent once
// more (a lost gesture), never a third time (issue 37 item 4).
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { startHarness } from '../../support/agent-harness.js';

const DEVICE = 'adversarial/inbox-swipe';
const TASK = `src/sim/devices/${DEVICE}.task.yaml`;

describe('swipe length from what is swiped', () => {
  it('swipe left from a short left-aligned label dismisses its row, with one gesture', async () => {
    const h = await startHarness(DEVICE);
    const task = loadTask(TASK);
    const summary = await h.run(new ScriptInterpreter(task as never), task);
    expect(summary.termination.kind, summary.sentence).toBe('submitted');
    expect(unmetExpectations(loadTaskFile(TASK), h.device)).toEqual([]);
    const swipes = h.mcu.actuations.filter((a) => a.ev === 'swipe');
    expect(swipes).toHaveLength(1);
  });

  it('a swipe that changed nothing twice is not sent a third time: the step stops saying so, nothing archived', async () => {
    const h = await startHarness(DEVICE);
    const steps = [{ swipe: 'left', from: 'Pinned notes', expect: 'Conversation archived' }];
    const interpreter = new ScriptInterpreter(taskSchema.parse({ goal: 'swipe', steps }) as never);
    const summary = await h.run(interpreter, 'swipe');
    expect(summary.termination.kind).toBe('halted');
    expect(summary.sentence).toMatch(/was not repeated again: 2 swipes changed nothing on the same screen/);
    expect(h.mcu.actuations.filter((a) => a.ev === 'swipe')).toHaveLength(2);
    expect(h.device.records.archived ?? 0).toBe(0);
  });

  it('a lost swipe (sent, never felt by the phone) is sent once more and archives the conversation, once', async () => {
    let swipes = 0;
    // Issue 37 item 4: the first swipe changed nothing; before, the step stopped there.
    const h = await startHarness(DEVICE, { lost: (a) => a.ev === 'swipe' && ++swipes === 1 });
    const task = loadTask(TASK);
    const summary = await h.run(new ScriptInterpreter(task as never), task);
    expect(summary.termination.kind, summary.sentence).toBe('submitted');
    expect(unmetExpectations(loadTaskFile(TASK), h.device)).toEqual([]);
    expect(h.mcu.actuations.filter((a) => a.ev === 'swipe')).toHaveLength(2);
  });
});
