// Our provider-neutral request, as the Messages API wants it: system at the top level, tool
// calls as tool_use blocks with a parsed `input`, tool results as tool_result blocks that come
// first in their user message (the API rejects text before them).
import type { LlmContent, LlmMessage, LlmRequest } from '../../core/ports/llm.js';
import type { AnthropicBlock, AnthropicMessage, AnthropicRequest } from './anthropic-wire.js';

/**
 * Where an unparseable argument string goes when a transcript is replayed. tool_use.input must
 * be an object; keeping the raw text under an unmistakable key lets the model see what it sent,
 * next to the tool result that says it did not parse.
 */
export const UNPARSED_ARGUMENTS_KEY = '__unparsed_arguments';

export function toAnthropicRequest(request: LlmRequest, model: string): AnthropicRequest {
  const wire: AnthropicRequest = {
    model,
    max_tokens: request.maxOutputTokens,
    messages: request.messages.map(toAnthropicMessage),
  };
  if (request.system !== '') wire.system = request.system;
  if (request.tools.length > 0) {
    wire.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
    }));
  }
  if (request.temperature !== undefined) wire.temperature = request.temperature;
  return wire;
}

export function toAnthropicMessage(message: LlmMessage): AnthropicMessage {
  const blocks = message.content.map(toAnthropicBlock);
  // Stable: tool results move to the front, everything else keeps its order.
  const ordered = [
    ...blocks.filter((block) => block.type === 'tool_result'),
    ...blocks.filter((block) => block.type !== 'tool_result'),
  ];
  return { role: message.role, content: ordered };
}

function toAnthropicBlock(part: LlmContent): AnthropicBlock {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text };
    case 'image':
      return { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.dataBase64 } };
    case 'tool_call':
      return { type: 'tool_use', id: part.id, name: part.name, input: parseToolInput(part.argumentsJson) };
    case 'tool_result': {
      const block: AnthropicBlock = { type: 'tool_result', tool_use_id: part.callId, content: part.content };
      if (part.isError) block.is_error = true;
      return block;
    }
  }
}

export function parseToolInput(argumentsJson: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Falls through: not JSON at all.
  }
  return { [UNPARSED_ARGUMENTS_KEY]: argumentsJson };
}
