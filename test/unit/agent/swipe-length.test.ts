// Issue 27 item 4 on the in-process bench (manual clock): a swipe's length comes from what is
// swiped. `swipe: left` `from:` a short left-aligned label moves its row across 60 % of the row's
// width (before: from the label's centre to the edge, ~200 px, which dismissed nothing, and the same
// useless gesture was sent twice more); a swipe that moved nothing is not sent again as it was.
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

  it('a swipe that moved nothing is not repeated as it was: the step stops saying so', async () => {
    const h = await startHarness(DEVICE);
    const steps = [{ swipe: 'left', from: 'Pinned notes', expect: 'Conversation archived' }];
    const interpreter = new ScriptInterpreter(taskSchema.parse({ goal: 'swipe', steps }) as never);
    const summary = await h.run(interpreter, 'swipe');
    expect(summary.termination.kind).toBe('halted');
    expect(summary.sentence).toMatch(/was not repeated: the same swipe on the same screen would move nothing again/);
    expect(h.mcu.actuations.filter((a) => a.ev === 'swipe')).toHaveLength(1);
  });
});
