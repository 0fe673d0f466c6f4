// The cumulative overflow on the in-process bench, against the fake LLM server over real HTTP:
// each provider's "prompt too long" error (and Ollama's silent truncation) arrives mid-run; the
// interpreter tells it apart, compacts the old turns without breaking a tool call from its
// result, retries, and the run still reaches the goal with no action repeated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_MARKER } from '../../../src/core/agent/interpreters/llm/compact-transcript.js';
import { startHarness } from '../../support/agent-harness.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';
import type { OverflowDialect } from '../../support/fake-llm-steps.js';
import {
  contextCursor,
  expectWifiReachedCleanly,
  interrupting,
  overflowFor,
  rememberingWifiModel,
  thinking,
  WIFI_TASK as task,
  wifiInterpreter,
} from '../../support/scripted-models-context.js';

/** Long replies, so the history (not the fixed system prompt and tools) is what fills the window. */
const THOUGHT_CHARS = 6000;
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await FakeLlmServer.start();
});
afterAll(async () => {
  await fake.close();
});

const firstText = (messages: { content: { type: string; text?: string }[] }[]) =>
  messages[0]!.content.find((c) => c.type === 'text')?.text;

describe.each([
  ['anthropic', 'anthropic'],
  ['openai', 'openai'],
  ['openai', 'vllm'],
  ['openai', 'llamacpp'],
] as ['anthropic' | 'openai', OverflowDialect][])(
  'over the %s protocol, a %s context overflow error mid-run',
  (protocol, dialect) => {
    it('is classified, the old turns are compacted in pairs, and the run reaches the goal', async () => {
      fake.reset();
      fake.respond(interrupting({ 4: overflowFor(dialect) }, thinking(rememberingWifiModel, THOUGHT_CHARS)));
      const h = await startHarness('settings-wifi');
      const llm = wifiInterpreter(fake, protocol, h);
      const summary = await h.run(llm, task);
      expect(summary.termination).toMatchObject({ kind: 'submitted' });
      expectWifiReachedCleanly(fake, h);
      const cursor = contextCursor(llm);
      expect(cursor.context.overflows.cumulative.providerErrors).toBe(1);
      expect(cursor.context.compactions).toBeGreaterThanOrEqual(1);
      expect(cursor.sessionSwitches).toBe(0);
      expect(cursor.context.budget.windowSource).toBe('learned');
      expect(cursor.context.budget.windowTokens).toBeLessThan(200_000);
      // The retry is the same turn, shorter: the first message and the newest turn kept, the middle summarised.
      const [refused, retried] = [fake.requests[4]!, fake.requests[5]!];
      expect(retried.view.messages.length).toBeLessThan(refused.view.messages.length);
      // (OpenAI-compatible servers get a user turn's text parts joined into one string.)
      expect(firstText(retried.view.messages)!.startsWith(firstText(refused.view.messages)!)).toBe(true);
      expect(retried.view.messages[0]!.content.some((c) => c.type === 'text' && c.text.includes(SUMMARY_MARKER))).toBe(
        true,
      );
      expect(retried.view.lastUserText).toBe(refused.view.lastUserText);
      expect(retried.view.lastToolResult).toEqual(refused.view.lastToolResult);
    }, 20000);
  },
);
