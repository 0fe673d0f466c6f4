import { describe, expect, it } from 'vitest';
import type { LlmRequest } from '../../../src/core/ports/llm.js';
import { anthropicResponseSchema } from '../../../src/adapters/llm/anthropic-wire.js';
import { fromAnthropicResponse, mapStopReason } from '../../../src/adapters/llm/from-anthropic-response.js';
import { toAnthropicRequest, UNPARSED_ARGUMENTS_KEY } from '../../../src/adapters/llm/to-anthropic-request.js';

const base: LlmRequest = { system: '', messages: [], tools: [], maxOutputTokens: 512 };

describe('toAnthropicRequest', () => {
  it('puts system at the top level and leaves out what is empty', () => {
    expect(
      toAnthropicRequest(
        { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
        'claude-x',
      ),
    ).toEqual({
      model: 'claude-x',
      max_tokens: 512,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    });
    const wire = toAnthropicRequest(
      {
        ...base,
        system: 'be careful',
        temperature: 0,
        tools: [{ name: 't', description: 'd', inputSchema: { type: 'object' } }],
      },
      'm',
    );
    expect(wire).toMatchObject({
      system: 'be careful',
      temperature: 0,
      tools: [{ name: 't', description: 'd', input_schema: { type: 'object' } }],
    });
  });

  it('moves tool results to the front of their message and keeps everything else in order', () => {
    const wire = toAnthropicRequest(
      {
        ...base,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'after the tap:' },
              { type: 'tool_result', callId: 'a', content: 'ok' },
              { type: 'image', mediaType: 'image/jpeg', dataBase64: 'AAAA' },
              { type: 'tool_result', callId: 'b', content: 'failed', isError: true },
            ],
          },
        ],
      },
      'm',
    );
    expect(wire.messages[0]!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'ok' },
      { type: 'tool_result', tool_use_id: 'b', content: 'failed', is_error: true },
      { type: 'text', text: 'after the tap:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
    ]);
  });

  it('sends tool calls as parsed input, and keeps unparseable text under a named key', () => {
    const wire = toAnthropicRequest(
      {
        ...base,
        messages: [
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'tapping' },
              { type: 'tool_call', id: 'toolu_1', name: 'tap', argumentsJson: '{"x":1}' },
              { type: 'tool_call', id: 'toolu_2', name: 'tap', argumentsJson: '{"x":' },
              { type: 'tool_call', id: 'toolu_3', name: 'tap', argumentsJson: '[1,2]' },
            ],
          },
        ],
      },
      'm',
    );
    expect(wire.messages[0]!.content).toEqual([
      { type: 'text', text: 'tapping' },
      { type: 'tool_use', id: 'toolu_1', name: 'tap', input: { x: 1 } },
      { type: 'tool_use', id: 'toolu_2', name: 'tap', input: { [UNPARSED_ARGUMENTS_KEY]: '{"x":' } },
      { type: 'tool_use', id: 'toolu_3', name: 'tap', input: { [UNPARSED_ARGUMENTS_KEY]: '[1,2]' } },
    ]);
  });
});

describe('fromAnthropicResponse', () => {
  const answer = (overrides: object) =>
    anthropicResponseSchema.parse({
      model: 'claude-x',
      content: [],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 2 },
      ...overrides,
    });

  it('keeps text and tool calls in order, skips blocks we do not model', () => {
    const response = fromAnthropicResponse(
      answer({
        content: [
          { type: 'thinking', thinking: 'hmm', signature: 's' },
          { type: 'text', text: 'I will tap.' },
          { type: 'tool_use', id: 'toolu_9', name: 'tap_text', input: { text: 'OK' } },
        ],
        stop_reason: 'tool_use',
      }),
    );
    expect(response.content).toEqual([
      { type: 'text', text: 'I will tap.' },
      { type: 'tool_call', id: 'toolu_9', name: 'tap_text', argumentsJson: '{"text":"OK"}' },
    ]);
    expect(response.stopReason).toBe('tool_use');
  });

  it('counts cached prompt tokens as part of the prompt', () => {
    const response = fromAnthropicResponse(
      answer({
        usage: { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000 },
      }),
    );
    expect(response.usage).toEqual({ inputTokens: 1110, outputTokens: 5 });
  });

  it('maps every stop reason', () => {
    expect(
      [
        'end_turn',
        'stop_sequence',
        'tool_use',
        'max_tokens',
        'model_context_window_exceeded',
        'pause_turn',
        'refusal',
        null,
      ].map(mapStopReason),
    ).toEqual(['end_turn', 'end_turn', 'tool_use', 'max_tokens', 'max_tokens', 'other', 'other', 'other']);
  });
});
