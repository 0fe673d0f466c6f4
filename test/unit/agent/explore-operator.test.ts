// Issue 37 item 7: an exploration is a run nested in one call of its parent, through the same loop,
// so the operator is heard between any two of its steps: a pause in the middle holds it still until
// resumed (it then finishes), a stop ends it and the run it is part of, and a redirect goes to the
// parent's interpreter and ends the exploration. Scripted models behind the fake provider, on the
// in-process bench with its manual clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorCommand, OperatorPort } from '../../../src/core/ports/operator.js';
import { startHarness, type Harness } from '../../support/agent-harness.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';
import { call, explorer, FIND, isSubRun, runExploring } from '../../support/explore-models.js';

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

/** Commands by poll: the parent polls before its step 1, the exploration before each of its steps. */
function operatorAt(byPoll: Record<number, OperatorCommand[]>): OperatorPort & { polls: number } {
  const port = {
    polls: 0,
    poll: async () => byPoll[++port.polls] ?? [],
  };
  return port;
}
const command = (kind: 'pause' | 'resume' | 'stop', id: string): OperatorCommand => ({ id, kind, by: 'an operator' });

async function run(h: Harness, operator: OperatorPort) {
  fake.reset();
  fake.respond((view) => {
    if (isSubRun(view)) return explorer(view);
    if (!view.toolResults.length) return call('explore', { goal: FIND, max_steps: 8 });
    return call('submit_result', {
      summary: 'HomeNet-5G is under Network & internet, More',
      evidence: [{ text: 'HomeNet-5G' }],
    });
  });
  return runExploring(fake, h, {}, { operator });
}

type AuditLine = { runId: string; tool: string; status: string };

describe('the operator in the middle of an exploration', () => {
  it('a pause after its first tap holds it still (nothing moves) until resumed; then it finishes', async () => {
    const h = await startHarness('settings-wifi');
    let tapsWhenPaused = -1;
    // Poll 1: the parent's step 1; 2: the exploration's step 1; 3: its step 2 (after one tap).
    const operator = operatorAt({ 3: [command('pause', 'p1')], 9: [command('resume', 'r1')] });
    const watched: OperatorPort = {
      poll: async () => {
        const batch = await operator.poll();
        if (batch.some((c) => c.kind === 'pause')) tapsWhenPaused = h.mcu.actuations.length;
        // While paused nothing moves: the count is the one the pause found.
        if (operator.polls > 3 && operator.polls < 9) expect(h.mcu.actuations).toHaveLength(tapsWhenPaused);
        return batch;
      },
    };
    const summary = await run(h, watched);
    expect(summary.termination.kind).toBe('submitted');
    expect(tapsWhenPaused).toBe(1);
    const audit = h.audit() as unknown as AuditLine[];
    const parentId = audit.find((a) => a.tool === 'explore')!.runId;
    const pause = audit.find((a) => a.tool === 'operator_pause')!;
    const resume = audit.find((a) => a.tool === 'operator_resume')!;
    // Taken by the exploration itself, between two of its steps.
    expect(pause.runId).not.toBe(parentId);
    expect(resume.runId).toBe(pause.runId);
    expect(audit.filter((a) => a.runId === pause.runId).map((a) => a.tool)).toEqual([
      'tap_text',
      'operator_pause',
      'operator_resume',
      'tap_text',
      'report_exploration',
    ]);
    expect(h.mcu.actuations).toHaveLength(2);
  }, 60_000);

  it('a stop after its first tap ends the exploration and the run: no second tap, no result', async () => {
    const h = await startHarness('settings-wifi');
    const summary = await run(h, operatorAt({ 3: [command('stop', 's1')] }));
    expect(summary.termination).toEqual({ kind: 'cancelled', reason: 'stopped by an operator' });
    const audit = h.audit() as unknown as AuditLine[];
    const parentId = audit.find((a) => a.tool === 'explore')!.runId;
    expect(audit.find((a) => a.tool === 'operator_stop')!.runId).not.toBe(parentId);
    expect(audit.map((a) => a.tool)).not.toContain('submit_result');
    expect(h.mcu.actuations).toHaveLength(1);
  }, 60_000);
});
