// The script interpreter driving the loop on the in-process bench: every example task reaches
// its goal, judged by the device's end state AND by the trajectory in the audit log.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { checkpointSchema } from '../../../src/core/state/checkpoint.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { startHarness } from '../../support/agent-harness.js';

const withSteps = (name: string) => {
  const task = loadTask(`src/sim/devices/${name}.task.yaml`);
  return { task, interpreter: new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> }) };
};

describe('script interpreter on the in-process bench', () => {
  it.each(['settings-wifi', 'sign-in-otp'])(
    '%s: reaches the goal with no needless action',
    async (name) => {
      const h = await startHarness(name);
      const { task, interpreter } = withSteps(name);
      const summary = await h.run(interpreter, task);
      expect(summary.termination.kind).toBe('submitted');
      expect(unmetExpectations(loadTaskFile(`src/sim/devices/${name}.task.yaml`), h.device)).toEqual([]);
      const audit = h.audit();
      expect(audit.every((line) => line.status === 'ok')).toBe(true);
      expect(audit.length).toBeLessThanOrEqual(task.steps!.length + 1);
      // Every step of the script done, counted as the script's steps however many tool calls it took.
      expect(summary.sentence).toMatch(/^Submitted a result: completed (\d+) of \1 steps in \d+ tool calls/);
      expect(summary.planSteps).toEqual({ done: task.steps!.length, planned: task.steps!.length });
    },
    30000,
  );

  it('shop-checkout: dismisses the unasked promotion, asks before paying, pays once', async () => {
    const h = await startHarness('shop-checkout', { approve: true });
    const { task, interpreter } = withSteps('shop-checkout');
    const summary = await h.run(interpreter, task);
    expect(summary.termination.kind).toBe('submitted');
    expect(unmetExpectations(loadTaskFile('src/sim/devices/shop-checkout.task.yaml'), h.device)).toEqual([]);
    const asked = (h.approvals as { asked: { summary: string }[] }).asked.map((a) => a.summary);
    expect(asked).toEqual([expect.stringContaining('Pay €42.00'), expect.stringMatching(/tap on "Pay"/)]);
    expect(h.device.records.paid).toBe(1);
  }, 40000);

  it('shop-checkout: a refused payment moves nothing and stops the script honestly', async () => {
    const h = await startHarness('shop-checkout', { approve: false });
    const { task, interpreter } = withSteps('shop-checkout');
    const summary = await h.run(interpreter, task);
    expect(summary.termination).toMatchObject({ kind: 'halted', reason: expect.stringContaining('denied_by_user') });
    expect(h.device.records.paid ?? 0).toBe(0);
    expect(h.audit().at(-1)).toMatchObject({ tool: 'tap_text', status: 'denied_by_user' });
    expect(summary.sentence).toMatch(/^Halted .*completed \d+ of 11 steps/);
  }, 40000);

  it('writes a valid result file, journal intents before outcomes, and no secret in any record', async () => {
    const h = await startHarness('settings-wifi');
    const { task, interpreter } = withSteps('settings-wifi');
    await h.run(interpreter, task);
    const result = checkpointSchema.parse(JSON.parse(readFileSync(join(h.stateDir, 'result.json'), 'utf8')));
    expect(result).toMatchObject({ status: 'submitted', state: { phase: 'finished', interpreter: 'script' } });
    const journal = h.journal();
    const intents = journal.filter((r) => r.type === 'intent').map((r) => r.commandId);
    const outcomes = journal.filter((r) => r.type === 'outcome').map((r) => r.commandId);
    expect(outcomes).toEqual(intents);
    for (const id of intents)
      expect(journal.findIndex((r) => r.type === 'intent' && r.commandId === id)).toBeLessThan(
        journal.findIndex((r) => r.type === 'outcome' && r.commandId === id),
      );
    for (const file of ['journal.jsonl', 'audit.jsonl', 'result.json', 'result.prev.json']) {
      expect(readFileSync(join(h.stateDir, file), 'utf8')).not.toContain('correct horse');
    }
  }, 30000);
});
