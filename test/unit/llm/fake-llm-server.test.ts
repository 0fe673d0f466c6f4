// The fake LLM server's own promises, which the agent-loop tests will lean on.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeLlmServer } from '../../support/fake-llm-server.js';

// Loosely typed on purpose, like test/support/http.ts: the assertions check the shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function post(url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('FakeLlmServer', () => {
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await FakeLlmServer.start();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('answers both protocols on 127.0.0.1 and records what it was sent', async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    fake.script([{ toolCalls: [{ name: 'read_screen', arguments: {} }] }, { text: 'done' }]);
    const anthropic = await post(`${fake.url}/v1/messages`, {
      model: 'm',
      system: 's',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(anthropic.body).toMatchObject({
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', name: 'read_screen', input: {} }],
    });
    const openai = await post(`${fake.url}/chat/completions`, {
      model: 'm',
      messages: [
        { role: 'system', content: 's' },
        { role: 'user', content: 'hi' },
      ],
    });
    expect(openai.body.choices[0]).toMatchObject({ finish_reason: 'stop', message: { content: 'done' } });
    expect(fake.requests.map((request) => [request.protocol, request.view.system, request.view.lastUserText])).toEqual([
      ['anthropic', 's', 'hi'],
      ['openai', 's', 'hi'],
    ]);
    expect(fake.remaining).toBe(0);
  });

  it('lets respond() decide from the last tool result, after the script runs out', async () => {
    fake
      .script([{ text: 'first' }])
      .respond((view) =>
        view.lastToolResult?.content.includes('Wi-Fi')
          ? { toolCalls: [{ name: 'tap_text', arguments: { text: 'Wi-Fi' } }] }
          : { text: 'nothing to do' },
      );
    await post(`${fake.url}/v1/chat/completions`, { model: 'm', messages: [] });
    const sawWifi = await post(`${fake.url}/v1/chat/completions`, {
      model: 'm',
      messages: [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'read_screen', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'Settings | Wi-Fi | Bluetooth' },
      ],
    });
    expect(JSON.parse(sawWifi.body.choices[0].message.tool_calls[0].function.arguments)).toEqual({ text: 'Wi-Fi' });
    expect(fake.requests[1]!.view.lastToolResult).toEqual({
      type: 'tool_result',
      callId: 'c1',
      content: 'Settings | Wi-Fi | Bluetooth',
    });
  });

  it('answers 400 (never retried) when the script runs out, and 404 off the two routes', async () => {
    const exhausted = await post(`${fake.url}/v1/messages`, { model: 'm', messages: [] });
    expect(exhausted.status).toBe(400);
    expect(exhausted.body.error.message).toMatch(/no scripted reply left for request #0/);
    expect((await post(`${fake.url}/v1/completions`, {})).status).toBe(404);
  });

  it('refuses steps a protocol cannot express, saying why', async () => {
    fake.script([{ toolCalls: [{ name: 't', arguments: '{bad' }] }, { text: 'x', ollamaTruncate: true }]);
    expect((await post(`${fake.url}/v1/messages`, { messages: [] })).body.error.message).toMatch(/OpenAI only/);
    expect((await post(`${fake.url}/v1/messages`, { messages: [] })).body.error.message).toMatch(
      /OpenAI-protocol step/,
    );
  });
});
