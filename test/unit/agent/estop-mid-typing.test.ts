// Issue 27 item 5 in the loop: an e-stop at every key of a typed secret (the MCU's e-stop button,
// pressed right after key k: the TYPE ends ABORTED with n = k), then a person releases it at the
// bench and resumes. The field must hold the secret once — the rest typed after the k characters
// already there, never the whole secret again — and the e-stop must not use up the step's retries
// (the refused or aborted action is not an attempt). In-process bench, virtual time.
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import type { OperatorCommand, OperatorPort } from '../../../src/core/ports/operator.js';
import type { FakeMcu } from '../../../src/adapters/mcu-fake/fake-mcu.js';
import { startHarness } from '../../support/agent-harness.js';

const SECRET = 'correct horse';

/**
 * A person at the bench: while the e-stop is latched, a resume is tried (refused), then the e-stop
 * is released and the run resumed. Counts the releases.
 */
function personAtTheBench(mcu: FakeMcu, holdPolls = 3): OperatorPort & { releases: number } {
  let seenLatched = 0;
  const person = {
    releases: 0,
    poll: async (): Promise<OperatorCommand[]> => {
      if (!mcu.estop.latched()) return [];
      seenLatched++;
      if (seenLatched % holdPolls === 1) return [{ id: `early-${seenLatched}`, kind: 'resume', by: 'an operator' }];
      if (seenLatched % holdPolls !== 0) return [];
      await mcu.clearEmergencyStop();
      person.releases++;
      return [{ id: `resume-${seenLatched}`, kind: 'resume', by: 'a person at the bench' }];
    },
  };
  return person;
}

async function runWithEstopAtKey(key: number, taskChanges: { retries?: number } = {}, holdPolls = 3) {
  const h = await startHarness('settings-wifi');
  const loaded = loadTask('src/sim/devices/settings-wifi.task.yaml');
  const task = { ...loaded, ...taskChanges };
  const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
  h.mcu.estopAtKey(key);
  const operator = personAtTheBench(h.mcu, holdPolls);
  const summary = await runAgent(
    { ...h.deps(interpreter, {}, task), operator, emergencyStop: h.mcu.estop },
    { goal: task.goal, task: 'test' },
  );
  const typed = h.mcu.actuations.flatMap((a) => (a.ev === 'type' ? [a.text] : [])).join('');
  return { h, summary, typed, operator };
}

describe('an e-stop in the middle of typing a secret (issue 27 item 5)', () => {
  it.each(Array.from({ length: SECRET.length }, (_, i) => i + 1))(
    'e-stop after key %i, release, resume: the field holds the secret once and the task finishes',
    async (key) => {
      const { h, summary, typed, operator } = await runWithEstopAtKey(key);
      expect(operator.releases).toBe(1);
      // What reached the phone's keyboard, in order: the secret once, not a start of it and then the whole.
      expect(typed).toBe(SECRET);
      expect(summary.termination.kind).toBe('submitted');
      expect(h.device.vars).toMatchObject({ connected: true });
      const typing = h.audit().filter((line) => line.tool === 'type_text');
      expect(typing.map((line) => line.status)).toEqual(['estopped', 'ok']);
      // The secret never reaches the audit log, whatever the count.
      expect(JSON.stringify(h.audit())).not.toContain('horse');
    },
    30000,
  );

  it("an e-stopped action is not one of the step's attempts: a step with no retries still finishes after the release", async () => {
    const { summary, typed } = await runWithEstopAtKey(5, { retries: 0 });
    expect(typed).toBe(SECRET);
    expect(summary.termination.kind).toBe('submitted');
  }, 30000);

  it("a hold longer than the phone's idle lock: the rest is not typed into the lock screen", async () => {
    // 700 polls of 200 ms: 140 s of the run's (virtual) time, past settings-wifi's 120 s idle lock.
    const { h, summary, typed } = await runWithEstopAtKey(4, {}, 700);
    expect(h.device.locked).toBe(true);
    // Before: the rest went out after the release, the first key only woke the phone, "Wrong password".
    expect(typed).toBe(SECRET.slice(0, 4));
    expect(summary.termination.kind).toBe('halted');
    const refusal = h.audit().find((line) => line.tool === 'type_text' && line.status === 'not_focused');
    expect(refusal?.message).toMatch(/the screen is not the one the field was tapped on/);
  }, 60000);

  it('a tap refused with ESTOPPED (the e-stop came after the step was decided) is not an attempt either', async () => {
    const h = await startHarness('settings-wifi');
    const loaded = loadTask('src/sim/devices/settings-wifi.task.yaml');
    const task = { ...loaded, retries: 0 };
    const script = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    let decisions = 0;
    // The e-stop goes down between the operator phase and the act of the second step.
    const interpreter: typeof script = Object.assign(Object.create(script) as typeof script, {
      next: async (...args: Parameters<typeof script.next>) => {
        const decision = await script.next(...args);
        if (++decisions === 2) await h.mcu.emergencyStop();
        return decision;
      },
    });
    const operator = personAtTheBench(h.mcu);
    const summary = await runAgent(
      { ...h.deps(interpreter, {}, task), operator, emergencyStop: h.mcu.estop },
      { goal: task.goal, task: 'test' },
    );
    expect(operator.releases).toBe(1);
    expect(summary.termination.kind).toBe('submitted');
    expect(h.audit().filter((line) => line.status === 'estopped')).toHaveLength(1);
  }, 30000);
});
