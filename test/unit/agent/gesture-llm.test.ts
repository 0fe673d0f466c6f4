// The gesture tools as a model sees and calls them, over a real provider protocol: their JSON
// schemas reach the model, a model's swipe / scroll / long_press / back calls are validated by
// the same zod schemas and run under the loop's guard, and a bad one is answered naming the field.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlm } from '../../../src/adapters/llm/index.js';
import { LlmInterpreter } from '../../../src/core/agent/interpreters/llm/llm-interpreter.js';
import { ToolRegistry } from '../../../src/core/agent/tools/registry.js';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer, type FakeLlmStep } from '../../support/fake-llm-server.js';

const goal = 'Unlock the phone and open the menu of the conversation with Zoe Archer.';
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});
const call = (name: string, args: Record<string, unknown>): FakeLlmStep => ({ toolCalls: [{ name, arguments: args }] });

describe.each(['anthropic', 'openai'] as const)('gesture tools over the %s protocol', (protocol) => {
  it('a model unlocks, scrolls, long-presses and goes back; a swipe without a direction or path is refused by name', async () => {
    fake.reset();
    fake.script([
      call('swipe', { distance: 0.5 }),
      call('swipe', { direction: 'up' }),
      call('scroll', { direction: 'down', amount: 'half', until_visible: 'Zoe Archer' }),
      call('scroll', { direction: 'down', amount: 'half', until_visible: 'Zoe Archer' }),
      call('scroll', { direction: 'down', amount: 'half', until_visible: 'Zoe Archer' }),
      call('scroll', { direction: 'down', amount: 'half', until_visible: 'Zoe Archer' }),
      call('long_press', { text: 'Zoe Archer', expect: 'Mute', expect_in: 'dialog' }),
      call('back', {}), // the dialog closing is the change ("Inbox" showed behind it already)
      call('submit_result', { summary: 'Opened and closed the menu.', evidence: [{ text: 'Zoe Archer' }] }),
    ]);
    const h = await startHarness('messages');
    const llm = createLlm({
      provider: protocol === 'anthropic' ? 'anthropic' : 'openai-compatible',
      baseUrl: fake.baseUrl(protocol),
      model: 'scripted',
      requireApiKey: false,
      maxRetries: 0,
    });
    const summary = await h.run(
      new LlmInterpreter({ llm, tools: new ToolRegistry().specs(), approvals: h.approvals, newId: randomUUID }, goal),
      goal,
    );
    expect(summary.termination).toMatchObject({ kind: 'submitted' });
    const names = fake.requests[0]!.view.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['swipe', 'scroll', 'long_press', 'drag', 'back', 'home']));
    const audit = h.audit();
    expect(audit[0]).toMatchObject({ tool: 'swipe', status: 'invalid_arguments' });
    expect(audit[0]!.message).toMatch(/give direction/);
    expect(
      audit
        .slice(1)
        .map((a) => `${a.tool} ${a.status} ${a.message.slice(0, 120)}`)
        .filter((s) => !s.includes(' ok ')),
    ).toEqual([]);
    expect(h.device.locked).toBe(false);
    expect(h.device.dialog).toBeUndefined(); // Back closed the menu
    expect(h.mcu.actuations.filter((a) => a.ev === 'longpress')).toHaveLength(1);
    expect(h.mcu.actuations.filter((a) => a.ev === 'key')).toEqual([expect.objectContaining({ key: 'ESC', mods: [] })]);
  }, 60000);
});
