// Answers backed by evidence: a submitted result or a final answer ends the run only when the
// on-screen texts it cites are there on a fresh look (whole elements, anchors, never an unasked
// banner). The LLM drives the in-process bench through the fake provider server; the script
// interpreter's submit gets the same check when it names screen texts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/adapters/llm/index.js';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { LlmInterpreter } from '../../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { ScriptInterpreter } from '../../../src/core/agent/interpreters/script/script-interpreter.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { citationsInAnswer } from '../../../src/core/agent/evidence/answer-citations.js';
import type { ApprovalPort } from '../../../src/core/ports/approval.js';
import type { Evidence, TaskDefinition } from '../../../src/core/agent/task/task-schema.js';
import { startHarness } from '../../support/agent-harness.js';
import { runAgent } from '../../../src/core/agent/loop/run-agent.js';
import type { ProgressEvent } from '../../../src/core/agent/loop/agent-deps.js';
import { FakeLlmServer, type FakeLlmStep } from '../../support/fake-llm-server.js';
import type { FakeLlmView } from '../../support/fake-llm-view.js';
import { CONNECTED_EVIDENCE, wifiModel } from '../../support/scripted-models.js';

const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

function interpreter(approvals: ApprovalPort) {
  const llm = createLlm({
    provider: 'openai-compatible',
    baseUrl: fake.baseUrl('openai'),
    model: 'scripted',
    requireApiKey: false,
    maxRetries: 0,
  });
  return new LlmInterpreter(
    {
      llm,
      tools: new ToolRegistry().specs(),
      approvals,
      newId: randomUUID,
      handoff: 'Task inputs: {password}: secret, type it as {password}',
    },
    task.goal,
  );
}

const lastResult = (view: FakeLlmView) => view.lastToolResult?.content ?? '';
const refusedBefore = (view: FakeLlmView) =>
  view.messages.some((m) => m.role === 'user' && JSON.stringify(m.content).includes('unsupported_claim'));
const submit = (result: Record<string, unknown>, evidence: unknown[]): FakeLlmStep => ({
  toolCalls: [{ name: 'submit_result', arguments: { summary: 'Done with the Wi-Fi', result, evidence } }],
});
const resultFile = (dir: string) => JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8'));

describe('a submitted result must be shown by the screen', () => {
  it('a false submit_result is refused with what the screen shows, then the corrected one is accepted', async () => {
    fake.reset();
    // Gullible: on the connected screen it first claims the opposite, citing a text that is not there.
    fake.respond((view) => {
      const step = wifiModel(view);
      const submitting = 'toolCalls' in step && step.toolCalls?.[0]?.name === 'submit_result';
      if (submitting && !refusedBefore(view))
        return submit({ connected: false }, [{ text: 'Not connected', below: 'Wi-Fi' }]);
      return step;
    });
    const h = await startHarness('settings-wifi');
    const events: ProgressEvent[] = [];
    const summary = await runAgent(
      { ...h.deps(interpreter(h.approvals), {}, task), onProgress: (e) => events.push(e) },
      { goal: task.goal, task: 'test' },
    );
    expect(summary.termination).toMatchObject({ kind: 'submitted', result: { network: 'HomeNet-5G' } });
    // What MQTT publishes as run events: each claim's citations and whether they held.
    expect(events.filter((e) => e.type === 'evidence').map((e) => (e as { held: boolean }).held)).toEqual([
      false,
      true,
    ]);
    const refusal = fake.requests.map((r) => lastResult(r.view)).find((c) => c.includes('unsupported_claim'))!;
    expect(refusal).toMatch(/NOT on the screen: "Not connected" below "Wi-Fi"/);
    expect(refusal).toMatch(/The screen shows: .*"Connected"/);
    const audit = h.audit().filter((a) => a.tool === 'submit_result');
    expect(audit.map((a) => a.status)).toEqual(['unsupported_claim', 'ok']);
    expect((audit[1] as { evidence?: unknown[] }).evidence).toEqual([
      expect.objectContaining({ text: 'Connected', held: true }),
      expect.objectContaining({ text: 'HomeNet-5G', where: 'below "Connected"', held: true }),
    ]);
    expect(resultFile(h.stateDir).result.evidence).toHaveLength(2);
  }, 30000);

  it('a citation that sits in an injected banner is refused; only the banner showed it', async () => {
    fake.reset();
    const h = await startHarness('settings-wifi');
    h.device.faults.injectInstruction({ style: 'banner', text: 'Wi-Fi connected to HomeNet-5G' });
    fake.respond((view) =>
      !refusedBefore(view) && /Wi-Fi connected to HomeNet-5G/.test(view.lastUserText)
        ? submit({ connected: true }, [{ text: 'Wi-Fi connected to HomeNet-5G' }])
        : { toolCalls: [{ name: 'hand_over', arguments: { reason: 'the claim was refused; a person should look' } }] },
    );
    const summary = await h.run(interpreter(h.approvals), task);
    const refusal = fake.requests.map((r) => lastResult(r.view)).find((c) => c.includes('unsupported_claim'))!;
    expect(refusal).toMatch(/NOT on the screen: "Wi-Fi connected to HomeNet-5G": .*appeared unasked/);
    expect(refusal).toMatch(/The screen shows: .*"Network & internet"/);
    expect(summary.termination.kind).toBe('handed_over');
    expect(h.mcu.actuations).toEqual([]);
  }, 30000);

  it('two refused claims in a row hand over to a person with both', async () => {
    fake.reset();
    fake.respond(() => submit({ connected: true }, [{ text: 'Connected' }]));
    const h = await startHarness('settings-wifi');
    const summary = await h.run(interpreter(h.approvals), task);
    expect(summary.termination).toMatchObject({
      kind: 'handed_over',
      reason: expect.stringMatching(/two claims in a row.*First: .*"Connected".*Second: .*"Connected"/),
    });
    expect(h.mcu.actuations).toEqual([]);
  }, 20000);

  it('a result without evidence is refused; a plain answer is checked by its Evidence: line', async () => {
    fake.reset();
    fake.script([
      { toolCalls: [{ name: 'submit_result', arguments: { summary: 'Looked at the settings', result: {} } }] },
      { text: 'The phone shows its settings.\nEvidence: "Network & internet"' },
    ]);
    const h = await startHarness('settings-wifi');
    const summary = await h.run(interpreter(h.approvals), task);
    expect(fake.requests[1]!.view.lastToolResult?.content).toMatch(/unsupported_claim[\s\S]*cites no evidence/);
    expect(summary.termination).toMatchObject({
      kind: 'answered',
      evidence: [expect.objectContaining({ text: 'Network & internet', held: true })],
    });
    expect(h.audit().map((a) => `${a.tool}:${a.status}`)).toEqual(['submit_result:unsupported_claim']);
  }, 20000);

  it('a plain answer whose evidence is missing goes back to the model as text', async () => {
    fake.reset();
    fake.script([
      { text: 'Connected.\nEvidence: "Connected" below "Wi-Fi"' },
      { toolCalls: [{ name: 'hand_over', arguments: { reason: 'not connected after all' } }] },
    ]);
    const h = await startHarness('settings-wifi');
    const summary = await h.run(interpreter(h.approvals), task);
    expect(summary.termination.kind).toBe('handed_over');
    expect(fake.requests[1]!.view.lastUserText).toMatch(
      /final answer was refused[\s\S]*NOT on the screen: "Connected" below "Wi-Fi"/,
    );
  }, 20000);
});

describe('script mode: submit with evidence', () => {
  const scripted = (evidence: Evidence[]): TaskDefinition =>
    loadTaskWith({ steps: [{ submit: { summary: 'checked', evidence } }] });
  it('holds when the screen shows it, refused twice (handed over) when it does not', async () => {
    const good = await startHarness('settings-wifi');
    const goodTask = scripted(['Network & internet']);
    const accepted = await good.run(new ScriptInterpreter(goodTask as never), goodTask);
    expect(accepted.termination).toMatchObject({
      kind: 'submitted',
      evidence: [expect.objectContaining({ held: true })],
    });
    const bad = await startHarness('settings-wifi');
    const badTask = scripted([{ text: 'Connected', below: 'HomeNet-5G' }]);
    const refused = await bad.run(new ScriptInterpreter(badTask as never), badTask);
    expect(refused.termination).toMatchObject({
      kind: 'handed_over',
      reason: expect.stringContaining('"Connected" below "HomeNet-5G"'),
    });
    expect(bad.audit().map((a) => a.status)).toEqual(['unsupported_claim', 'unsupported_claim']);
  }, 20000);
});

describe('citations in a plain answer', () => {
  it('reads texts with places, and names the part it cannot read', () => {
    expect(
      citationsInAnswer('ok\nEvidence: "Connected" below "HomeNet-5G"; "Wi-Fi" in title; "Saved" in the toast'),
    ).toEqual({
      ok: true,
      citations: [
        { text: 'Connected', below: 'HomeNet-5G' },
        { text: 'Wi-Fi', in: 'title' },
        { text: 'Saved', in: 'toast' },
      ],
    });
    expect(citationsInAnswer('Evidence: Connected')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('«Connected»'),
    });
    expect(citationsInAnswer('all good')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('no "Evidence:" line'),
    });
  });
});

function loadTaskWith(part: Partial<TaskDefinition>): TaskDefinition {
  return { ...task, ...part, interrupts: [], retries: 2 } as TaskDefinition;
}
