import { describe, expect, it } from 'vitest';
import { LlmError, type LlmRequest } from '../../../src/core/ports/llm.js';
import { fromOpenAiResponse, mapFinishReason } from '../../../src/adapters/llm/from-openai-response.js';
import { maxTokensFieldFor } from '../../../src/adapters/llm/openai-compatible-llm.js';
import { openAiResponseSchema } from '../../../src/adapters/llm/openai-wire.js';
import { TOOL_ERROR_PREFIX, toOpenAiRequest } from '../../../src/adapters/llm/to-openai-request.js';

const base: LlmRequest = { system: 'sys', messages: [], tools: [], maxOutputTokens: 256 };
const options = { model: 'qwen', maxTokensField: 'max_tokens' as const };

describe('toOpenAiRequest', () => {
  it('sends the system prompt first and tools as functions', () => {
    const wire = toOpenAiRequest(
      { ...base, tools: [{ name: 'tap', description: 'Tap.', inputSchema: { type: 'object' } }], temperature: 0.2 },
      options,
    );
    expect(wire).toEqual({
      model: 'qwen',
      stream: false,
      max_tokens: 256,
      temperature: 0.2,
      messages: [{ role: 'system', content: 'sys' }],
      tools: [{ type: 'function', function: { name: 'tap', description: 'Tap.', parameters: { type: 'object' } } }],
    });
    expect(toOpenAiRequest({ ...base, system: '' }, { model: 'gpt', maxTokensField: 'max_completion_tokens' })).toEqual(
      { model: 'gpt', stream: false, max_completion_tokens: 256, messages: [] },
    );
  });

  it('keeps raw argument strings and gives a tool-calling assistant null content', () => {
    const wire = toOpenAiRequest(
      {
        ...base,
        messages: [
          { role: 'assistant', content: [{ type: 'tool_call', id: 'c1', name: 'tap', argumentsJson: '{"x":' }] },
        ],
      },
      options,
    );
    expect(wire.messages[1]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'tap', arguments: '{"x":' } }],
    });
  });

  it('splits a user turn into tool messages, then one user message with text and images', () => {
    const wire = toOpenAiRequest(
      {
        ...base,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'tool_result', callId: 'c1', content: 'tapped' },
              { type: 'tool_result', callId: 'c2', content: 'no such text', isError: true },
              { type: 'text', text: 'Current screen:' },
              { type: 'image', mediaType: 'image/png', dataBase64: 'AAAA' },
            ],
          },
        ],
      },
      options,
    );
    expect(wire.messages.slice(1)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'tapped' },
      { role: 'tool', tool_call_id: 'c2', content: `${TOOL_ERROR_PREFIX}no such text` },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Current screen:' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ]);
  });

  it('sends text-only user turns as a plain string', () => {
    const wire = toOpenAiRequest(
      {
        ...base,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      },
      options,
    );
    expect(wire.messages[1]).toEqual({ role: 'user', content: 'a\n\nb' });
  });

  it('refuses a transcript the protocol cannot carry, naming the message', () => {
    const build = () =>
      toOpenAiRequest(
        { ...base, messages: [{ role: 'assistant', content: [{ type: 'tool_result', callId: 'x', content: 'y' }] }] },
        options,
      );
    expect(build).toThrow(LlmError);
    expect(build).toThrow(/message 0 \(assistant\) holds a tool_result/);
  });

  it('uses max_completion_tokens for OpenAI itself only', () => {
    expect(maxTokensFieldFor('https://api.openai.com/v1')).toBe('max_completion_tokens');
    expect(maxTokensFieldFor('http://localhost:11434/v1')).toBe('max_tokens');
  });
});

describe('fromOpenAiResponse', () => {
  const answer = (message: object, extra: object = {}) =>
    openAiResponseSchema.parse({ model: 'qwen', choices: [{ message, finish_reason: 'stop' }], ...extra });

  it('keeps raw arguments, stringifies object arguments, and invents missing ids', () => {
    const parsed = fromOpenAiResponse(
      answer({
        content: 'Let me tap.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'tap', arguments: '{"x": 1,,}' } },
          { function: { name: 'tap', arguments: { x: 2 } } },
        ],
      }),
      'configured',
    );
    const [text, first, second] = parsed.response.content;
    expect(text).toEqual({ type: 'text', text: 'Let me tap.' });
    expect(first).toEqual({ type: 'tool_call', id: 'call_1', name: 'tap', argumentsJson: '{"x": 1,,}' });
    expect(second).toMatchObject({ type: 'tool_call', name: 'tap', argumentsJson: '{"x":2}' });
    expect(second?.type === 'tool_call' && second.id).toMatch(/^call_[0-9a-f]{8}_1$/);
    // Ollama sometimes says 'stop' after a tool call.
    expect(parsed.response.stopReason).toBe('tool_use');
  });

  it('reads content given as parts, falls back to the configured model, and reports missing usage as missing', () => {
    const parsed = fromOpenAiResponse(
      openAiResponseSchema.parse({
        choices: [
          {
            message: {
              content: [
                { type: 'text', text: 'a' },
                { type: 'text', text: 'b' },
              ],
            },
            finish_reason: 'length',
          },
        ],
      }),
      'configured',
    );
    expect(parsed.response).toEqual({
      content: [{ type: 'text', text: 'ab' }],
      stopReason: 'max_tokens',
      model: 'configured',
    });
    expect(parsed.usage).toBeUndefined();
  });

  it('maps finish reasons', () => {
    expect(
      ['stop', 'tool_calls', 'function_call', 'length', 'content_filter', null].map((reason) =>
        mapFinishReason(reason, false),
      ),
    ).toEqual(['end_turn', 'tool_use', 'tool_use', 'max_tokens', 'other', 'other']);
    expect(mapFinishReason('length', true)).toBe('max_tokens');
  });
});
