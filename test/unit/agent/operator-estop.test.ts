// Issue 14 item 1 in the loop: while the bench's e-stop is latched the run holds still and a
// person's resume is refused with the reason (how to release it at the bench); once released,
// a resume goes on. Runs on the in-process bench (FakeMcu, its e-stop record).
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import type { OperatorCommand, OperatorPort } from '../../../src/core/ports/operator.js';
import { startHarness } from '../../support/agent-harness.js';

/** Hands out one batch per poll (after the last, nothing), running `before` ahead of a batch. */
function scriptedOperator(batches: { before?: () => Promise<void>; commands: OperatorCommand[] }[]): OperatorPort {
  let poll = 0;
  return {
    poll: async () => {
      const batch = batches[poll++];
      if (!batch) return [];
      await batch.before?.();
      return batch.commands;
    },
  };
}
const command = (kind: 'resume' | 'stop' | 'pause', id: string): OperatorCommand => ({
  id,
  kind,
  by: 'an MQTT operator',
});

async function setUp() {
  const h = await startHarness('settings-wifi');
  const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
  const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
  return { h, task, interpreter };
}

describe('a latched e-stop in the operator phase', () => {
  it('holds the run still and refuses resume with the reason; nothing moves', async () => {
    const { h, task, interpreter } = await setUp();
    await h.mcu.emergencyStop();
    const operator = scriptedOperator([
      { commands: [command('resume', 'r1')] },
      { commands: [] },
      { commands: [command('stop', 's1')] },
    ]);
    const summary = await runAgent(
      { ...h.deps(interpreter, {}, task), operator, emergencyStop: h.mcu.estop },
      { goal: task.goal, task: 'test' },
    );
    expect(summary.termination).toMatchObject({ kind: 'cancelled' });
    expect(h.mcu.actuations).toEqual([]);
    const resume = h.audit().find((line) => line.tool === 'operator_resume');
    expect(resume).toMatchObject({
      status: 'refused',
      message: expect.stringMatching(/^resume refused: e-stop latched/),
    });
  }, 30000);

  it('lets a resume through once a person released the e-stop at the bench', async () => {
    const { h, task, interpreter } = await setUp();
    await h.mcu.emergencyStop();
    const operator = scriptedOperator([
      { commands: [command('resume', 'r1')] },
      { before: () => h.mcu.clearEmergencyStop(), commands: [command('resume', 'r2')] },
    ]);
    const summary = await runAgent(
      { ...h.deps(interpreter, {}, task), operator, emergencyStop: h.mcu.estop },
      { goal: task.goal, task: 'test' },
    );
    expect(summary.termination.kind).toBe('submitted');
    expect(
      h
        .audit()
        .filter((line) => line.tool === 'operator_resume')
        .map((line) => line.status),
    ).toEqual(['refused', 'ok']);
    expect(h.mcu.actuations.length).toBeGreaterThan(0);
  }, 30000);
});
