// Our provider-neutral request as chat completions: the system prompt is the first message,
// tool calls keep their raw argument string, each tool result becomes its own 'tool' message,
// and images travel as data URLs in the user message that follows the tool results (tool
// messages cannot carry images).
import { LlmError, type LlmContent, type LlmMessage, type LlmRequest } from '../../core/ports/llm.js';
import type { OpenAiContentPart, OpenAiMessage, OpenAiRequest } from './openai-wire.js';

/** chat completions has no is_error flag; the model still has to know the call failed. */
export const TOOL_ERROR_PREFIX = '[tool error] ';

export interface OpenAiRequestOptions {
  model: string;
  /**
   * OpenAI's newer models refuse max_tokens and want max_completion_tokens; the local servers
   * know max_tokens (and not always the other).
   */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
}

export function toOpenAiRequest(request: LlmRequest, options: OpenAiRequestOptions): OpenAiRequest {
  const messages: OpenAiMessage[] = request.system !== '' ? [{ role: 'system', content: request.system }] : [];
  request.messages.forEach((message, index) => messages.push(...toOpenAiMessages(message, index)));
  const wire: OpenAiRequest = { model: options.model, messages, stream: false };
  wire[options.maxTokensField] = request.maxOutputTokens;
  if (request.tools.length > 0) {
    wire.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    }));
  }
  if (request.temperature !== undefined) wire.temperature = request.temperature;
  return wire;
}

export function toOpenAiMessages(message: LlmMessage, index: number): OpenAiMessage[] {
  return message.role === 'assistant' ? [toAssistantMessage(message, index)] : toUserMessages(message, index);
}

function toAssistantMessage(message: LlmMessage, index: number): OpenAiMessage {
  const texts: string[] = [];
  const calls = [];
  for (const part of message.content) {
    if (part.type === 'text') texts.push(part.text);
    else if (part.type === 'tool_call')
      calls.push({
        id: part.id,
        type: 'function' as const,
        function: { name: part.name, arguments: part.argumentsJson },
      });
    else throw misplaced(part, 'assistant', index);
  }
  const content = texts.length > 0 ? texts.join('\n\n') : null;
  return calls.length > 0
    ? { role: 'assistant', content, tool_calls: calls }
    : { role: 'assistant', content: content ?? '' };
}

function toUserMessages(message: LlmMessage, index: number): OpenAiMessage[] {
  const toolMessages: OpenAiMessage[] = [];
  const parts: OpenAiContentPart[] = [];
  for (const part of message.content) {
    if (part.type === 'tool_result') {
      toolMessages.push({
        role: 'tool',
        tool_call_id: part.callId,
        content: part.isError ? `${TOOL_ERROR_PREFIX}${part.content}` : part.content,
      });
    } else if (part.type === 'text') {
      parts.push({ type: 'text', text: part.text });
    } else if (part.type === 'image') {
      parts.push({ type: 'image_url', image_url: { url: `data:${part.mediaType};base64,${part.dataBase64}` } });
    } else {
      throw misplaced(part, 'user', index);
    }
  }
  if (parts.length === 0) return toolMessages;
  // Plain text goes as a string: older llama.cpp and some templates handle nothing else.
  const textOnly = parts.every((part) => part.type === 'text');
  const content = textOnly ? parts.map((part) => (part as { text: string }).text).join('\n\n') : parts;
  return [...toolMessages, { role: 'user', content }];
}

/** A transcript the wire format cannot say: a bug in whoever built it, named precisely. */
function misplaced(part: LlmContent, role: string, index: number): LlmError {
  return new LlmError(
    'bad_request',
    `transcript message ${index} (${role}) holds a ${part.type} block, which chat completions cannot carry in a ${role} message. The loop built an invalid transcript.`,
    undefined,
    undefined,
    'openai-compatible',
  );
}
