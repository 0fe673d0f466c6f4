// Manual control in the loop (issue 39, core/agent/loop/manual-control.ts): a person who took the
// bench acts through the same step as the agent — a forbidden zone stays forbidden, an action from
// someone who does not hold the bench is refused, and a tap that goes through is journaled with
// the person's name. Runs on the in-process bench (FakeMcu, the virtual phone's ground truth).
import { describe, expect, it } from 'vitest';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import type { OperatorCommand, OperatorPort } from '../../../src/core/ports/operator.js';
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../../src/core/ports/approval.js';
import { startHarness } from '../../support/agent-harness.js';

function scriptedOperator(batches: OperatorCommand[][]): OperatorPort {
  let poll = 0;
  return { poll: async () => batches[poll++] ?? [] };
}

describe('manual control', () => {
  it('runs a holder’s tap through guard and journal under their name; refuses others and forbidden zones', async () => {
    const h = await startHarness('settings-wifi');
    const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const operator = scriptedOperator([
      [{ id: 't1', kind: 'take', by: 'alice' }],
      [{ id: 'a1', kind: 'act', by: 'bob', action: { kind: 'tap', x: 541, y: 540 } }],
      // "Network & internet" is at 541,540, inside the forbidden zone below.
      [{ id: 'a2', kind: 'act', by: 'alice', action: { kind: 'tap', x: 541, y: 540 } }],
      [{ id: 'a3', kind: 'act', by: 'alice', action: { kind: 'tap', x: 200, y: 300 } }],
      [{ id: 's1', kind: 'stop', by: 'alice' }],
    ]);
    const summary = await runAgent(
      {
        ...h.deps(
          interpreter,
          {
            forbiddenZones: [{ name: 'network row', x: 0, y: 450, width: 1080, height: 200 }],
          },
          task,
        ),
        operator,
      },
      { goal: task.goal, task: 'test' },
    );
    expect(summary.termination).toMatchObject({ kind: 'cancelled', reason: 'stopped by alice' });
    const acts = h.audit().filter((line) => line.tool === 'operator_act');
    expect(acts.map((line) => line.status)).toEqual(['refused', 'refused', 'ok']);
    expect(acts[0]!.message).toMatch(/alice holds the bench, not bob/);
    expect(acts[1]!.message).toMatch(/forbidden/i);
    // Only alice's tap outside the zone reached the MCU, journaled as hers.
    expect(h.mcu.actuations).toHaveLength(1);
    const intents = h.journal().filter((record) => record.type === 'intent');
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ tool: 'tap_point', by: 'alice', action: { kind: 'tap' } });
  }, 30000);

  it('asks the run’s approver before a holder’s tap on a guarded target; nothing moves until it is approved', async () => {
    // The approver answers no, then yes; what the MCU had done when each question came is noted.
    const asked: { request: ApprovalRequest; actuationsThen: number }[] = [];
    const answers: ApprovalAnswer[] = [
      { approved: false, by: 'carol', reason: 'not now' },
      { approved: true, by: 'carol' },
    ];
    let h!: Awaited<ReturnType<typeof startHarness>>;
    const approvals: ApprovalPort = {
      ask: async (request) => {
        asked.push({ request, actuationsThen: h.mcu.actuations.length });
        return answers.shift()!;
      },
    };
    h = await startHarness('settings-wifi', { approvals });
    const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    // "Network & internet" is at 541,540: guarded here as "Delete" is by default.
    const tap = { kind: 'tap' as const, x: 541, y: 540 };
    const operator = scriptedOperator([
      [{ id: 't1', kind: 'take', by: 'alice' }],
      [{ id: 'a1', kind: 'act', by: 'alice', action: tap }],
      [{ id: 'a2', kind: 'act', by: 'alice', action: tap }],
      [{ id: 's1', kind: 'stop', by: 'alice' }],
    ]);
    const guarded = { approvals: [{ name: 'network settings', tool: '*', targetMatches: 'Network & internet' }] };
    await runAgent({ ...h.deps(interpreter, guarded, task), operator }, { goal: task.goal, task: 'test' });
    expect(asked).toHaveLength(2);
    expect(asked[0]!.request).toMatchObject({ tool: 'tap_point', rule: 'network settings' });
    expect(asked.map((a) => a.actuationsThen)).toEqual([0, 0]);
    const acts = h.audit().filter((line) => line.tool === 'operator_act');
    expect(acts.map((line) => line.status)).toEqual(['refused', 'ok']);
    // The denied tap never reached the MCU; the approved one did, once, journalled as alice's.
    expect(h.mcu.actuations).toHaveLength(1);
    const intents = h.journal().filter((record) => record.type === 'intent');
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ tool: 'tap_point', by: 'alice' });
  }, 30000);

  it('hands the bench back for a holder who sent nothing for the idle limit; a command from them starts the limit again', async () => {
    const h = await startHarness('settings-wifi');
    const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
    const interpreter = new ScriptInterpreter(task as typeof task & { steps: NonNullable<typeof task.steps> });
    const takenAt = h.clock.now();
    // The loop holds before its first step while alice holds the bench: the script is first asked once she no longer does.
    let firstAskedAt: number | undefined;
    const next = interpreter.next.bind(interpreter);
    interpreter.next = (...args) => ((firstAskedAt ??= h.clock.now()), next(...args));
    let acted = false;
    // alice takes the bench, taps once 40 s in (on empty screen, below every row), then walks away.
    const operator: OperatorPort = {
      poll: async () => {
        if (h.clock.now() === takenAt) return [{ id: 't1', kind: 'take', by: 'alice' }];
        if (!acted && h.clock.now() - takenAt >= 40_000) {
          acted = true;
          return [{ id: 'a1', kind: 'act', by: 'alice', action: { kind: 'tap', x: 540, y: 1400 } }];
        }
        return [];
      },
    };
    const summary = await runAgent(
      { ...h.deps(interpreter, {}, task), operator, manualIdleLimitMs: 60_000 },
      { goal: task.goal, task: 'test' },
    );
    const handBack = h.audit().find((line) => line.tool === 'operator_hand_back');
    expect(handBack).toMatchObject({ status: 'ok', args: { by: 'alice' } });
    expect(handBack!.message).toMatch(/handed back for alice: nothing from them for 1 min \(mqtt\.manualIdleMinutes\)/);
    // Handed back a minute after her tap (40 s + 60 s), not a minute after the take.
    expect(firstAskedAt! - takenAt).toBeGreaterThanOrEqual(100_000);
    expect(firstAskedAt! - takenAt).toBeLessThan(102_000);
    // Then the task went on to its end: her one tap and the script's taps, each once.
    expect(summary.termination.kind).toBe('submitted');
    const intents = h.journal().filter((record) => record.type === 'intent');
    expect(intents.filter((record) => (record as { by?: string }).by === 'alice')).toHaveLength(1);
    expect(intents.length).toBeGreaterThan(1);
  }, 30000);
});
