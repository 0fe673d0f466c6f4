// Every guardrail and every way a run ends, on the in-process bench, in script mode and in LLM
// mode (the model is a scripted one behind the real local HTTP server). Each test judges the
// trajectory in the audit log and what physically happened, not only the final screen.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/adapters/llm/index.js';
import { LlmInterpreter } from '../../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { taskSchema } from '../../../src/core/agent/task/task-schema.js';
import { ALL_TOOLS, ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { startHarness, type Harness } from '../../support/agent-harness.js';
import { advanceUntil } from '../../support/drive-clock.js';
import { FakeLlmServer, type FakeLlmStep } from '../../support/fake-llm-server.js';

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

const goal = 'Open the Wi-Fi networks list.';
const llmMode = (h: Harness, steps: FakeLlmStep[]) => {
  fake.reset();
  fake.script(steps);
  const llm = createLlm({
    provider: 'anthropic',
    baseUrl: fake.baseUrl('anthropic'),
    model: 'scripted',
    requireApiKey: false,
    maxRetries: 0,
  });
  return new LlmInterpreter(
    { llm, tools: (h.tools ?? new ToolRegistry()).specs(), approvals: h.approvals, newId: randomUUID },
    goal,
  );
};
const scriptMode = (steps: unknown[]) => new ScriptInterpreter(taskSchema.parse({ goal, steps }) as never);
const tap = (text: string, extra: Record<string, unknown> = {}): FakeLlmStep => ({
  toolCalls: [{ name: 'tap_text', arguments: { text, ...extra } }],
});
const statuses = (h: Harness) => h.audit().map((a) => a.status);

describe('how a run ends', () => {
  it('the step budget runs out (script mode)', async () => {
    const h = await startHarness('settings-wifi');
    const summary = await h.run(
      scriptMode([
        { wait_for_change: true, timeout_ms: 200 },
        { wait_for_change: true, timeout_ms: 200 },
        { wait_for_change: true, timeout_ms: 200 },
      ]),
      goal,
      { maxSteps: 2 },
    );
    expect(summary.termination).toMatchObject({ kind: 'budget_exhausted', budget: 'steps' });
    expect(summary.sentence).toMatch(/step budget of 2/);
  });

  it('the monotonic deadline passes (LLM mode)', async () => {
    const h = await startHarness('settings-wifi');
    const summary = await h.run(
      llmMode(h, [{ toolCalls: [{ name: 'wait_for', arguments: { text: 'never shown', timeout_ms: 1500 } }] }]),
      goal,
      { deadlineMs: 1000 },
    );
    expect(summary.termination).toMatchObject({ kind: 'budget_exhausted', budget: 'deadline' });
    expect(fake.requests).toHaveLength(1);
  });

  it('something outside cancels it, between actions, and the summary says so', async () => {
    // On a manual clock: the run gets exactly the time the test gives it, however busy the machine.
    const clock = new ManualClock();
    const h = await startHarness('settings-wifi', { clock });
    const run = h.run(
      scriptMode([{ tap: 'Network & internet' }, { wait_for: 'never shown', timeout_ms: 5000 }, { tap: 'More' }]),
      goal,
    );
    // The tap is verified and the 5 s wait has begun (it sleeps on the clock between looks).
    await advanceUntil(
      clock,
      () => h.journal().some((record) => record.type === 'verified') && clock.pendingSleeps > 0,
      { what: 'the tap verified and the wait begun' },
    );
    const abortedAt = clock.now();
    h.controller.abort('SIGINT received');
    const summary = await run;
    expect(clock.now()).toBe(abortedAt); // the wait in progress stopped at once: no time had to pass
    expect(summary.termination).toEqual({ kind: 'cancelled', reason: 'SIGINT received' });
    expect(h.mcu.actuations).toHaveLength(1);
  });

  it('the model answers in words (LLM mode), and hand over ends it too', async () => {
    const h = await startHarness('settings-wifi');
    const answer = 'Wi-Fi is off here.\nEvidence: "Network & internet"';
    expect((await h.run(llmMode(h, [{ text: answer }]), goal)).termination).toMatchObject({
      kind: 'answered',
      text: answer,
    });
    const h2 = await startHarness('settings-wifi');
    expect((await h2.run(scriptMode([{ hand_over: 'a person must choose' }]), goal)).termination).toMatchObject({
      kind: 'handed_over',
      reason: 'a person must choose',
    });
  });
});

describe('guardrails', () => {
  it('the third identical call on an unchanged screen is not run (LLM mode)', async () => {
    const h = await startHarness('settings-wifi');
    const read: FakeLlmStep = { toolCalls: [{ name: 'read_screen', arguments: {} }] };
    await h.run(llmMode(h, [read, read, read, { text: 'done' }]), goal);
    expect(statuses(h)).toEqual(['ok', 'ok', 'repeated_call']);
    expect(fake.requests[3]!.view.lastToolResult!.content).toMatch(/call number 3 .* was not run/);
  });

  it('three failures of one tool halt the run (LLM mode)', async () => {
    const h = await startHarness('settings-wifi');
    const miss = (y: number): FakeLlmStep => ({ toolCalls: [{ name: 'tap_point', arguments: { x: 540, y } }] });
    const summary = await h.run(llmMode(h, [miss(1500), miss(1600), miss(1700), { text: 'unreachable' }]), goal, {
      verifyTimeoutMs: 300,
    });
    expect(statuses(h)).toEqual(['verify_failed', 'verify_failed', 'verify_failed']);
    expect(summary.termination).toEqual({ kind: 'halted', reason: 'tap_point failed 3 times' });
  });

  it('a tool that runs too long is abandoned with a message to narrow the request (LLM mode)', async () => {
    const h = await startHarness('settings-wifi');
    h.tools = new ToolRegistry(
      ALL_TOOLS.map((tool) => (tool.name === 'wait_for' ? { ...tool, timeoutMs: 300 } : tool)),
    );
    await h.run(
      llmMode(h, [
        { toolCalls: [{ name: 'wait_for', arguments: { text: 'never', timeout_ms: 5000 } }] },
        { text: 'ok' },
      ]),
      goal,
    );
    expect(statuses(h)).toEqual(['timeout']);
    expect(fake.requests[1]!.view.lastToolResult!.content).toMatch(/Narrow the request/);
  });

  it('a tap in a forbidden zone is refused before anything moves (script mode)', async () => {
    const h = await startHarness('settings-wifi');
    const summary = await h.run(scriptMode([{ tap: 'Network & internet' }]), goal, {
      forbiddenZones: [{ name: 'menu button', x: 0, y: 450, width: 1080, height: 200 }],
    });
    expect(statuses(h)).toEqual(['forbidden_zone']);
    expect(h.mcu.actuations).toEqual([]);
    expect(summary.termination.kind).toBe('halted');
  });

  it('an approval rule asks first; a refusal is denied_by_user and nothing moves (LLM mode)', async () => {
    const h = await startHarness('settings-wifi', { approve: false });
    await h.run(llmMode(h, [tap('Network & internet'), { text: 'stopped' }]), goal, {
      approvals: [{ name: 'network', tool: 'tap_text', targetMatches: 'network' }],
    });
    expect(statuses(h)).toEqual(['denied_by_user']);
    expect(h.mcu.actuations).toEqual([]);
    expect(fake.requests[1]!.view.lastToolResult!.content).toMatch(/did not approve tap on "Network & internet"/);
  });

  it('every physical action carries a command id from intent to outcome', async () => {
    const h = await startHarness('settings-wifi');
    await h.run(scriptMode([{ tap: 'Network & internet', expect: 'Choose a network' }, { key: 'TAB' }]), goal);
    const ids = h.audit().map((a) => (a as { commandId?: number }).commandId);
    expect(ids.every((id) => typeof id === 'number')).toBe(true);
    expect(
      h
        .journal()
        .filter((r) => r.type === 'intent')
        .map((r) => r.commandId),
    ).toEqual(ids);
  });

  it('notes stay inside the state directory, even through a planted symlink (script mode)', async () => {
    const h = await startHarness('settings-wifi');
    const outside = mkdtempSync(join(tmpdir(), 'bh-outside-'));
    rmSync(join(h.stateDir, 'notes'), { recursive: true });
    symlinkSync(outside, join(h.stateDir, 'notes'));
    await h.run(scriptMode([{ note: { name: 'plan', text: 'hello' } }]), goal);
    expect(statuses(h)[0]).toBe('error');
    expect(h.audit()[0]!.message).toMatch(/outside the state directory/);
    expect(readdirSync(outside)).toEqual([]);
  });

  it('a note name cannot climb out of the notes folder (schema)', async () => {
    const h = await startHarness('settings-wifi');
    await h.run(
      llmMode(h, [
        { toolCalls: [{ name: 'write_note', arguments: { name: '../../etc/x', text: 'no' } }] },
        { text: 'ok' },
      ]),
      goal,
    );
    expect(statuses(h)).toEqual(['invalid_arguments']);
  });
});
