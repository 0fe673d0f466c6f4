// A script step's retries are its own bound: a tap whose effect does not show is sent again on the
// same screen as many times as the step says, not cut short by the repeat guard (which stops an
// LLM's unbounded loops); and the halt names how many retries really ran. On virtual time, so the
// freeze and the verification limits are exact however busy the machine is.
import { describe, expect, it } from 'vitest';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { startHarness } from '../../support/agent-harness.js';

const goal = 'Open the network settings';
const openNetwork = (retries: number) =>
  new ScriptInterpreter(
    taskSchema.parse({
      goal,
      steps: [
        { tap: 'Network & internet', expect: 'Choose a network', timeout_ms: 2000, retries },
        { submit: { summary: 'Network settings open.' } },
      ],
    }) as never,
  );

describe('script retries on an unchanged screen', () => {
  it('runs every retry the step asks for: a device frozen through two tries is reached on the third', async () => {
    const h = await startHarness('settings-wifi');
    h.device.faults.freeze(3000);
    const summary = await h.run(openNetwork(2), goal);
    const taps = h.audit().filter((line) => line.tool === 'tap_text');
    expect(taps.map((line) => line.status)).toEqual(['verify_failed', 'verify_failed', 'ok']);
    expect(h.mcu.actuations.filter((a) => a.ev === 'tap')).toHaveLength(3);
    expect(summary.termination.kind).toBe('submitted');
    expect(h.device.groundTruth().texts.map((t) => t.text)).toContain('Choose a network');
  });

  it('halts after exactly its retries, and says how many ran', async () => {
    const h = await startHarness('settings-wifi');
    h.device.faults.freeze(60_000);
    const summary = await h.run(openNetwork(3), goal);
    expect(h.audit().filter((line) => line.tool === 'tap_text')).toHaveLength(4);
    expect(h.mcu.actuations.filter((a) => a.ev === 'tap')).toHaveLength(4);
    expect(summary.termination).toMatchObject({
      kind: 'halted',
      reason: expect.stringMatching(/failed after 3 retries: verify_failed/),
    });
  });
});
