// One contract for every LlmPort adapter, run against the fake LLM server over real HTTP: the
// Anthropic adapter and the OpenAI-compatible one must both pass it. What one protocol cannot
// express (Anthropic never sends unparseable tool input) is a capability flag, and the skipped
// case says so in its name.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, type LlmPort, type LlmRequest } from '../../src/core/ports/llm.js';
import type { LlmAdapterOptions } from '../../src/adapters/llm/adapter-options.js';
import { UNPARSED_ARGUMENTS_KEY } from '../../src/adapters/llm/to-anthropic-request.js';
import { FakeLlmServer } from '../support/fake-llm-server.js';
import type { Protocol } from '../support/fake-llm-replies.js';
import type { OverflowDialect } from '../support/fake-llm-steps.js';
import { until } from '../support/until.js';

export interface LlmContractSubject {
  protocol: Protocol;
  /** An adapter pointed at the fake, with test-friendly defaults and these overrides. */
  create(baseUrl: string, overrides: Partial<LlmAdapterOptions>): LlmPort;
  /** The protocol lets a model send argument text that is not JSON (OpenAI: yes). */
  rawArgumentsFromModel: boolean;
  /** The adapter flags Ollama-style silent truncation (OpenAI-compatible: yes). */
  detectsSilentTruncation: boolean;
  /** The auth headers the fake must have seen, for a subject created with apiKey 'test-key'. */
  expectedHeaders: Record<string, string>;
}

const TAP_TEXT = {
  name: 'tap_text',
  description: 'Tap the first on-screen text that matches. Returns the new screen.',
  inputSchema: {
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
    additionalProperties: false,
  },
};

const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function request(overrides: Partial<LlmRequest> = {}): LlmRequest {
  return {
    system: 'You operate a phone through tools. Goal: turn on Wi-Fi.',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'Screen: Settings | Wi-Fi | Bluetooth' }] }],
    tools: [TAP_TEXT],
    maxOutputTokens: 1024,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

export function describeLlmPortContract(name: string, subject: LlmContractSubject): void {
  describe(`LlmPort contract: ${name}`, () => {
    let fake: FakeLlmServer;
    let sleeps: number[];
    const llm = (overrides: Partial<LlmAdapterOptions> = {}) =>
      subject.create(fake.baseUrl(subject.protocol), {
        apiKey: 'test-key',
        timeoutMs: 5000,
        maxRetries: 3,
        sendImages: true,
        random: () => 0.5,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        ...overrides,
      });

    beforeAll(async () => {
      fake = await FakeLlmServer.start();
    });
    afterAll(async () => {
      await fake.close();
    });
    beforeEach(() => {
      fake.reset();
      sleeps = [];
    });

    it('sends the system prompt, the tools and the auth headers', async () => {
      fake.script([{ text: 'ok' }]);
      await llm().complete(request());
      const sent = fake.requests[0]!;
      expect(sent.view.system).toBe(request().system);
      expect(sent.view.tools).toEqual([TAP_TEXT]);
      expect(sent.view.model).toBe('test-model');
      expect(sent.headers).toMatchObject(subject.expectedHeaders);
    });

    it('answers in text with end_turn', async () => {
      fake.script([{ text: 'Wi-Fi is on.' }]);
      const response = await llm().complete(request());
      expect(response.content).toEqual([{ type: 'text', text: 'Wi-Fi is on.' }]);
      expect(response.stopReason).toBe('end_turn');
      expect(response.model).toBe('test-model');
    });

    it('round-trips a tool call: the call comes back, its result goes out tied to its id', async () => {
      fake.script([
        { text: 'Tapping Wi-Fi.', toolCalls: [{ name: 'tap_text', arguments: { text: 'Wi-Fi' } }] },
        { text: 'Done.' },
      ]);
      const port = llm();
      const first = await port.complete(request());
      expect(first.stopReason).toBe('tool_use');
      const call = first.content.find((part) => part.type === 'tool_call');
      expect(call).toMatchObject({ type: 'tool_call', name: 'tap_text' });
      if (call?.type !== 'tool_call') throw new Error('no tool call');
      expect(JSON.parse(call.argumentsJson)).toEqual({ text: 'Wi-Fi' });
      expect(first.content[0]).toEqual({ type: 'text', text: 'Tapping Wi-Fi.' });

      const second = await port.complete(
        request({
          messages: [
            ...request().messages,
            { role: 'assistant', content: first.content },
            { role: 'user', content: [{ type: 'tool_result', callId: call.id, content: 'Screen: Wi-Fi [on]' }] },
          ],
        }),
      );
      expect(second.content).toEqual([{ type: 'text', text: 'Done.' }]);
      const sent = fake.requests[1]!.view;
      expect(sent.messages[1]!.content).toContainEqual({
        type: 'tool_call',
        id: call.id,
        name: 'tap_text',
        argumentsJson: call.argumentsJson,
      });
      expect(sent.lastToolResult).toEqual({ type: 'tool_result', callId: call.id, content: 'Screen: Wi-Fi [on]' });
    });

    it('marks a failed tool result as an error the model can see', async () => {
      fake.script([{ text: 'ok' }]);
      await llm().complete(
        request({
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'go' }] },
            {
              role: 'assistant',
              content: [{ type: 'tool_call', id: 'c1', name: 'tap_text', argumentsJson: '{"text":"Pay"}' }],
            },
            {
              role: 'user',
              content: [{ type: 'tool_result', callId: 'c1', content: 'denied_by_user', isError: true }],
            },
          ],
        }),
      );
      const result = fake.requests[0]!.view.lastToolResult!;
      expect(result.callId).toBe('c1');
      expect(result.isError === true || result.content.includes('error')).toBe(true);
      expect(result.content).toContain('denied_by_user');
    });

    it('passes a camera image alongside a tool result', async () => {
      fake.script([{ text: 'I see it.' }]);
      await llm().complete(
        request({
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'go' }] },
            {
              role: 'assistant',
              content: [{ type: 'tool_call', id: 'c1', name: 'tap_text', argumentsJson: '{"text":"Wi-Fi"}' }],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', callId: 'c1', content: 'tapped' },
                { type: 'image', mediaType: 'image/png', dataBase64: PIXEL_PNG },
              ],
            },
          ],
        }),
      );
      const sent = fake.requests[0]!.view;
      expect(sent.images).toEqual([{ type: 'image', mediaType: 'image/png', dataBase64: PIXEL_PNG }]);
      expect(sent.lastToolResult?.content).toBe('tapped');
    });

    it('replaces images with a note when sendImages is off', async () => {
      fake.script([{ text: 'ok' }]);
      await llm({ sendImages: false }).complete(
        request({
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'look' },
                { type: 'image', mediaType: 'image/jpeg', dataBase64: PIXEL_PNG },
              ],
            },
          ],
        }),
      );
      const sent = fake.requests[0]!.view;
      expect(sent.images).toEqual([]);
      expect(sent.lastUserText).toContain('image omitted');
    });

    it.runIf(subject.rawArgumentsFromModel)(
      'keeps unparseable tool arguments exactly as the model sent them (where the protocol can carry them)',
      async () => {
        fake.script([{ toolCalls: [{ name: 'tap_text', arguments: '{"text": "Wi-Fi",' }] }]);
        const response = await llm().complete(request());
        expect(response.content).toEqual([
          expect.objectContaining({ type: 'tool_call', name: 'tap_text', argumentsJson: '{"text": "Wi-Fi",' }),
        ]);
      },
    );

    it('replays a transcript holding unparseable arguments without failing', async () => {
      fake.script([{ text: 'retrying' }]);
      await llm().complete(
        request({
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'go' }] },
            {
              role: 'assistant',
              content: [{ type: 'tool_call', id: 'c1', name: 'tap_text', argumentsJson: '{"text": "Wi' }],
            },
            {
              role: 'user',
              content: [
                { type: 'tool_result', callId: 'c1', content: 'arguments did not parse as JSON', isError: true },
              ],
            },
          ],
        }),
      );
      const call = fake.requests[0]!.view.messages[1]!.content[0]!;
      if (call.type !== 'tool_call') throw new Error('the assistant turn lost its tool call');
      // Sent raw where the protocol allows it, else kept whole under UNPARSED_ARGUMENTS_KEY.
      const sent = subject.rawArgumentsFromModel
        ? call.argumentsJson
        : JSON.parse(call.argumentsJson)[UNPARSED_ARGUMENTS_KEY];
      expect(sent).toBe('{"text": "Wi');
    });

    it('maps usage and the max_tokens stop', async () => {
      fake.script([{ text: 'cut', stop: 'max_tokens', usage: { inputTokens: 1234, outputTokens: 56 } }]);
      const response = await llm().complete(request());
      expect(response.usage).toEqual({ inputTokens: 1234, outputTokens: 56 });
      expect(response.stopReason).toBe('max_tokens');
    });

    it('caps the output tokens asked for at the configured maximum', async () => {
      fake.script([{ text: 'ok' }]);
      await llm({ maxOutputTokens: 100 }).complete(request({ maxOutputTokens: 4096 }));
      expect(fake.requests[0]!.view.maxOutputTokens).toBe(100);
    });

    it('waits as long as retry-after says after a 429, then succeeds', async () => {
      fake.script([
        {
          error: {
            status: 429,
            headers: { 'retry-after': '2' },
            body: { error: { type: 'rate_limit_error', message: 'slow down' } },
          },
        },
        {
          error: {
            status: 429,
            headers: { 'retry-after-ms': '250' },
            body: { error: { type: 'rate_limit_error', message: 'slow down' } },
          },
        },
        { text: 'ok' },
      ]);
      const response = await llm().complete(request());
      expect(response.content).toEqual([{ type: 'text', text: 'ok' }]);
      expect(sleeps).toEqual([2000, 250]);
      expect(fake.requests).toHaveLength(3);
    });

    it('retries a 500 with backoff, then succeeds', async () => {
      fake.script([
        { error: { status: 500, body: { error: { message: 'internal' } } } },
        { error: { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } },
        { text: 'ok' },
      ]);
      await llm().complete(request());
      // random() is 0.5: three quarters of 500 ms, then of 1000 ms.
      expect(sleeps).toEqual([375, 750]);
      expect(fake.requests).toHaveLength(3);
    });

    it('gives up after maxRetries and says how many attempts were made', async () => {
      fake.script([0, 1, 2].map(() => ({ error: { status: 503, body: 'upstream unavailable' } })));
      const error = await failure(llm({ maxRetries: 2 }).complete(request()));
      expect(error.kind).toBe('server');
      expect(error.message).toMatch(/gave up after 3 attempts/);
      expect(fake.requests).toHaveLength(3);
    });

    it('does not retry a 401 and names the key variable to check', async () => {
      fake.script([
        { error: { status: 401, body: { error: { type: 'authentication_error', message: 'invalid x-api-key' } } } },
        { text: 'never' },
      ]);
      const error = await failure(llm({ apiKeyEnv: 'MY_LLM_KEY' }).complete(request()));
      expect(error.kind).toBe('auth');
      expect(error.retryable).toBe(false);
      expect(error.message).toContain('MY_LLM_KEY');
      expect(fake.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('does not retry a bad request', async () => {
      fake.script([
        { error: { status: 400, body: { error: { type: 'invalid_request_error', message: 'tools.0.name: bad' } } } },
      ]);
      const error = await failure(llm().complete(request()));
      expect(error.kind).toBe('bad_request');
      expect(error.message).toContain('tools.0.name: bad');
      expect(fake.requests).toHaveLength(1);
    });

    const dialects: OverflowDialect[] = ['anthropic', 'openai', 'vllm', 'llamacpp'];
    for (const dialect of dialects) {
      it(`classifies ${dialect}'s context overflow with its numbers, without retrying`, async () => {
        fake.script([{ overflow: dialect, promptTokens: 9000, limitTokens: 8192 }]);
        const error = await failure(llm().complete(request()));
        expect(error.kind).toBe('context_overflow');
        expect({ prompt: error.promptTokens, limit: error.limitTokens }).toEqual({ prompt: 9000, limit: 8192 });
        expect(fake.requests).toHaveLength(1);
      });
    }

    it.runIf(subject.detectsSilentTruncation)('flags a prompt the server silently cut to its num_ctx', async () => {
      fake.script([
        { text: 'ok', ollamaTruncate: { numCtx: 2048 } },
        { text: 'ok', usage: { inputTokens: 900 } },
      ]);
      const port = llm({ contextWindow: 2048 });
      expect((await port.complete(request())).truncatedPrompt).toBe(true);
      expect((await port.complete(request())).truncatedPrompt).toBeUndefined();
    });

    it.runIf(subject.detectsSilentTruncation)('flags a prompt reported far smaller than what was sent', async () => {
      const long = 'Screen line with some words on it. '.repeat(400);
      fake.script([{ text: 'ok', usage: { inputTokens: 300 } }]);
      const response = await llm().complete(
        request({ messages: [{ role: 'user', content: [{ type: 'text', text: long }] }] }),
      );
      expect(response.truncatedPrompt).toBe(true);
    });

    it('times out a slow answer', async () => {
      fake.script([{ text: 'late', delayMs: 1000 }]);
      const error = await failure(llm({ timeoutMs: 100, maxRetries: 0 }).complete(request()));
      expect(error.kind).toBe('timeout');
      expect(error.message).toMatch(/within 100 ms/);
    });

    it('retries after a timeout and after a dropped connection', async () => {
      // The timeout must outlast an answered request on a busy machine (200 ms did not, at a load of 20).
      fake.script([{ text: 'late', delayMs: 5000 }, { dropConnection: true }, { text: 'ok' }]);
      const response = await llm({ timeoutMs: 1500 }).complete(request());
      expect(response.content).toEqual([{ type: 'text', text: 'ok' }]);
      expect(sleeps).toHaveLength(2);
    });

    it("stops at once when the caller's signal aborts, without retrying", async () => {
      fake.script([{ text: 'late', delayMs: 1000 }, { text: 'never' }]);
      const controller = new AbortController();
      const completing = llm().complete(request(), controller.signal);
      // Aborted while the server holds the request (a fixed 50 ms once fired before it arrived on a busy machine).
      await until(() => fake.requests.length === 1, 10000, 'the request at the server');
      controller.abort(new Error('operator pressed stop'));
      await expect(completing).rejects.toThrow('operator pressed stop');
      expect(fake.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });

    it('reports a server that is not there as a network error', async () => {
      const gone = await FakeLlmServer.start();
      const baseUrl = gone.baseUrl(subject.protocol);
      await gone.close();
      const error = await failure(
        subject
          .create(baseUrl, {
            apiKeyEnv: 'K',
            timeoutMs: 2000,
            maxRetries: 1,
            sendImages: true,
            sleep: async (ms) => {
              sleeps.push(ms);
            },
          })
          .complete(request()),
      );
      expect(error.kind).toBe('network');
      expect(error.message).toMatch(/ECONNREFUSED|fetch failed/);
      expect(sleeps).toHaveLength(1);
    });
  });
}
