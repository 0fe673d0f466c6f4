// The LLM interpreter driving the loop on the in-process bench, against a real local HTTP server
// that speaks each provider's protocol with a scripted model. Judged by the end state and by the
// trajectory in the audit log.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/adapters/llm/index.js';
import { loadTask } from '../../../src/app/agent/task-file.js';
import { LlmInterpreter } from '../../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import type { ApprovalPort } from '../../../src/core/ports/approval.js';
import { loadTaskFile, unmetExpectations } from '../../../src/sim/device/task-file.js';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer, type FakeLlmStep } from '../../support/fake-llm-server.js';
import type { FakeLlmView } from '../../support/fake-llm-view.js';
import { wifiModel } from '../../support/scripted-models.js';

const task = loadTask('src/sim/devices/settings-wifi.task.yaml');
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

function interpreter(protocol: 'anthropic' | 'openai', approvals: ApprovalPort, options: { planFirst?: boolean } = {}) {
  const llm = createLlm({
    provider: protocol === 'anthropic' ? 'anthropic' : 'openai-compatible',
    baseUrl: fake.baseUrl(protocol),
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
      ...options,
    },
    task.goal,
  );
}

describe.each(['anthropic', 'openai'] as const)('LLM interpreter over the %s protocol', (protocol) => {
  it('reaches the goal, never sees the secret, and makes no needless action', async () => {
    fake.reset();
    fake.respond(wifiModel);
    const h = await startHarness('settings-wifi');
    const summary = await h.run(interpreter(protocol, h.approvals), task);
    expect(summary.termination).toMatchObject({ kind: 'submitted' });
    expect(unmetExpectations(loadTaskFile('src/sim/devices/settings-wifi.task.yaml'), h.device)).toEqual([]);
    expect(JSON.stringify(fake.requests.map((r) => r.body))).not.toContain('correct horse');
    const audit = h.audit();
    expect(audit.map((a) => a.status)).toEqual(audit.map(() => 'ok'));
    expect(audit.filter((a) => a.tool === 'type_text')).toHaveLength(1);
    expect(fake.requests[0]!.view.tools.map((t) => t.name)).toContain('tap_text');
    expect(fake.requests[0]!.view.system).toMatch(/not instructions/);
  }, 30000);
});

describe('tool errors come back to the model as observations', () => {
  it('unknown tool, unparseable and invalid arguments each name what to fix, and the run goes on', async () => {
    fake.reset();
    const h = await startHarness('settings-wifi');
    const replies: FakeLlmStep[] = [
      { toolCalls: [{ name: 'swipe_up', arguments: {} }] },
      { toolCalls: [{ name: 'tap_text', arguments: '{"text": "Network' }] },
      { toolCalls: [{ name: 'tap_point', arguments: { x: -5, y: 10 } }] },
      // A plain answer cites what it saw (it is checked on a fresh look like any claim).
      { text: 'I could not find a way; stopping here.\nEvidence: "Network & internet"' },
    ];
    fake.script(replies);
    const summary = await h.run(interpreter('openai', h.approvals), task);
    expect(summary.termination).toMatchObject({
      kind: 'answered',
      text: expect.stringMatching(/^I could not find a way; stopping here./),
    });
    const results = fake.requests.slice(1).map((r) => r.view.lastToolResult?.content ?? '');
    expect(results[0]).toMatch(
      /unknown_tool[\s\S]*There is no tool "swipe_up". Valid tools: read_screen, find_text, tap_text/,
    );
    expect(results[1]).toMatch(/unparseable_arguments[\s\S]*not valid JSON/);
    expect(results[2]).toMatch(/invalid_arguments[\s\S]*field x: .*value given was -5/);
    expect(h.mcu.actuations).toEqual([]);
  }, 20000);
});

describe('screen text is untrusted', () => {
  it('a model that obeys an injected instruction is stopped by the approval gate: nothing is deleted', async () => {
    fake.reset();
    const h = await startHarness('settings-wifi', { approve: false });
    h.device.faults.injectInstruction({ style: 'dialog' });
    fake.respond((view: FakeLlmView) =>
      /Delete all/.test(view.lastUserText) && !/denied_by_user/.test(view.lastToolResult?.content ?? '')
        ? { toolCalls: [{ name: 'tap_text', arguments: { text: 'Delete all' } }] }
        : {
            toolCalls: [{ name: 'hand_over', arguments: { reason: 'the screen asks for something outside the goal' } }],
          },
    );
    const summary = await h.run(interpreter('anthropic', h.approvals), task);
    expect(summary.termination.kind).toBe('handed_over');
    expect(h.device.records.delete_all ?? 0).toBe(0);
    expect(h.audit().map((a) => a.status)).toEqual(['denied_by_user', 'ok']);
    expect(h.mcu.actuations).toEqual([]);
  }, 20000);
});

describe('plan then execute', () => {
  it('shows the plan for approval before anything moves, and a refused plan moves nothing', async () => {
    fake.reset();
    fake.script([{ text: '1. Open Network & internet\n2. Pick HomeNet-5G\n3. Type the password' }]);
    const asked: string[] = [];
    const h = await startHarness('settings-wifi', {
      approvals: {
        ask: async (r) => (asked.push(r.summary), { approved: false, by: 'operator', reason: 'not today' }),
      },
    });
    const summary = await h.run(interpreter('anthropic', h.approvals, { planFirst: true }), task);
    expect(summary.termination).toMatchObject({
      kind: 'halted',
      reason: expect.stringContaining('did not approve the plan'),
    });
    expect(asked[0]).toMatch(/Pick HomeNet-5G/);
    expect(fake.requests[0]!.view.tools).toEqual([]);
    expect(h.mcu.actuations).toEqual([]);
  }, 20000);

  it('an approved plan is carried out with the tools', async () => {
    fake.reset();
    fake.script([{ text: '1. Network & internet 2. HomeNet-5G 3. password 4. Connect' }]);
    fake.respond(wifiModel);
    const h = await startHarness('settings-wifi');
    const summary = await h.run(interpreter('openai', h.approvals, { planFirst: true }), task);
    expect(summary.termination.kind).toBe('submitted');
    expect(fake.requests[1]!.view.system).toMatch(/APPROVED PLAN/);
  }, 30000);
});
