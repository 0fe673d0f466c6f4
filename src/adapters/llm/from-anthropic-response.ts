// A Messages API answer in our terms. Tool inputs arrive as objects and are kept as the JSON
// text the port promises; blocks we do not model (thinking, server tools) are left out.
import type { LlmResponse } from '../../core/ports/llm.js';
import type { AnthropicResponse } from './anthropic-wire.js';

export function fromAnthropicResponse(wire: AnthropicResponse): LlmResponse {
  const content: LlmResponse['content'] = [];
  for (const block of wire.content) {
    if (block.type === 'text' && 'text' in block) content.push({ type: 'text', text: block.text });
    if (block.type === 'tool_use' && 'input' in block) {
      content.push({
        type: 'tool_call',
        id: block.id,
        name: block.name,
        argumentsJson: JSON.stringify(block.input ?? {}),
      });
    }
  }
  const usage = wire.usage;
  return {
    content,
    stopReason: mapStopReason(wire.stop_reason),
    // With prompt caching, input_tokens counts only the uncached part; the context holds all of it.
    usage: {
      inputTokens: usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0),
      outputTokens: usage.output_tokens,
    },
    model: wire.model,
  };
}

export function mapStopReason(reason: string | null): LlmResponse['stopReason'] {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'end_turn';
    case 'tool_use':
      return 'tool_use';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'max_tokens';
    default:
      // pause_turn, refusal, null, and whatever comes next.
      return 'other';
  }
}
