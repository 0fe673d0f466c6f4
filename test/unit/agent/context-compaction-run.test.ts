// The cumulative overflow without an error: Ollama's silent truncation is caught and the answer
// written from a cut prompt is dropped; and a history nearing a small window is compacted
// before sending. In-process bench, fake LLM server over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';
import {
  contextCursor,
  expectWifiReachedCleanly,
  interrupting,
  rememberingWifiModel,
  thinking,
  WIFI_TASK as task,
  wifiInterpreter,
} from '../../support/scripted-models-context.js';

/** Long replies, so the history (not the fixed system prompt and tools) is what fills the window. */
const THOUGHT_CHARS = 3000;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

describe('Ollama silent truncation', () => {
  it('is flagged, the answer written from the cut prompt is dropped, and the compacted prompt is sent again', async () => {
    fake.reset();
    const window = 11000; // the tools alone are ~2000 tokens more since the gesture tools
    fake.respond(
      interrupting(
        // The model read a cut prompt (its start, the goal, is gone): it would do something odd.
        {
          3: () => ({
            toolCalls: [{ name: 'tap_text', arguments: { text: 'Airplane mode' } }],
            ollamaTruncate: { numCtx: window },
          }),
        },
        thinking(rememberingWifiModel, THOUGHT_CHARS),
      ),
    );
    const h = await startHarness('settings-wifi');
    const llm = wifiInterpreter(fake, 'openai', h, { contextWindow: window });
    const summary = await h.run(llm, task);
    expect(summary.termination).toMatchObject({ kind: 'submitted' });
    expectWifiReachedCleanly(fake, h);
    expect(h.audit().map((a) => JSON.stringify(a.args))).not.toContainEqual(expect.stringContaining('Airplane mode'));
    const cursor = contextCursor(llm);
    expect(cursor.context.overflows.cumulative.silentTruncations).toBe(1);
    expect(cursor.context.compactions).toBeGreaterThanOrEqual(1);
    expect(fake.requests[4]!.view.messages.length).toBeLessThan(fake.requests[3]!.view.messages.length);
  }, 20000);
});

describe('before sending', () => {
  it('a history past 70% of a small window is compacted without any provider error, and the run reaches the goal', async () => {
    fake.reset();
    fake.respond(thinking(rememberingWifiModel, THOUGHT_CHARS));
    const h = await startHarness('settings-wifi');
    const llm = wifiInterpreter(fake, 'anthropic', h, { contextWindow: 9000 }); // +2000 for the gesture tools
    const summary = await h.run(llm, task);
    expect(summary.termination).toMatchObject({ kind: 'submitted' });
    expectWifiReachedCleanly(fake, h);
    const cursor = contextCursor(llm);
    expect(cursor.context.overflows.cumulative.beforeSending).toBeGreaterThan(0);
    expect(cursor.context.overflows.cumulative.providerErrors).toBe(0);
    expect(cursor.context.budget.fill).toBeLessThanOrEqual(0.9);
    expect(Math.max(...fake.requests.map((r) => r.view.messages.length))).toBeLessThan(9);
  }, 20000);
});
