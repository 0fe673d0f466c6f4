// A chat-completions answer in our terms. Argument strings are kept exactly as sent (they may
// not parse: the loop tells the model so). Local servers sometimes omit tool call ids, send
// arguments as an object, or say finish_reason 'stop' after a tool call; all are smoothed here.
import type { LlmResponse } from '../../core/ports/llm.js';
import type { OpenAiResponse } from './openai-wire.js';

export interface ParsedOpenAiResponse {
  response: Omit<LlmResponse, 'usage'>;
  /** Absent when the server reported none (the adapter falls back to an estimate). */
  usage?: LlmResponse['usage'];
}

export function fromOpenAiResponse(wire: OpenAiResponse, configuredModel: string): ParsedOpenAiResponse {
  const choice = wire.choices[0]!;
  const content: LlmResponse['content'] = [];
  const text = textOf(choice.message.content);
  if (text !== '') content.push({ type: 'text', text });
  (choice.message.tool_calls ?? []).forEach((call, index) => {
    content.push({
      type: 'tool_call',
      id: call.id || generatedCallId(index),
      name: call.function.name,
      argumentsJson: rawArguments(call.function.arguments),
    });
  });
  const hasToolCalls = content.some((part) => part.type === 'tool_call');
  const parsed: ParsedOpenAiResponse = {
    response: {
      content,
      stopReason: mapFinishReason(choice.finish_reason, hasToolCalls),
      model: wire.model || configuredModel,
    },
  };
  if (wire.usage) parsed.usage = { inputTokens: wire.usage.prompt_tokens, outputTokens: wire.usage.completion_tokens };
  return parsed;
}

/** Unique across turns, so a tool result can never answer the wrong call. */
function generatedCallId(index: number): string {
  return `call_${globalThis.crypto.randomUUID().slice(0, 8)}_${index}`;
}

function textOf(content: OpenAiResponse['choices'][number]['message']['content']): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}

function rawArguments(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? {});
}

export function mapFinishReason(reason: string | null | undefined, hasToolCalls: boolean): LlmResponse['stopReason'] {
  if (hasToolCalls && (reason === 'stop' || reason === 'tool_calls' || reason === 'function_call' || !reason))
    return 'tool_use';
  switch (reason) {
    case 'stop':
      return 'end_turn';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    default:
      return 'other';
  }
}
