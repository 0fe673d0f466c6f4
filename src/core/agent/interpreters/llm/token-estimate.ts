// A provider-neutral guess at how many tokens a prompt costs, for the loop's context budget
// before any usage is reported, and for noticing a server that read less than it was sent.
// Deliberately crude and pure (no tokenizer, no node:*): it errs on the high side for prose
// (about 4 characters a token in English) so the budget trips before the provider does.
import type { LlmContent, LlmMessage, LlmRequest, LlmToolSpec } from '../../../ports/llm.js';

export const CHARS_PER_TOKEN = 3.5;
/**
 * One camera frame. Anthropic charges about width*height/750 (at most about 1600 for a
 * downscaled 1.15 MP image); OpenAI's high-detail tiles cost less. We take the high end.
 */
export const IMAGE_TOKENS = 1600;
/** Role markers and separators every message costs in chat templates. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export interface EstimateOptions {
  /** Tokens per image; 0 counts text only (the Ollama truncation check in adapters/llm/silent-truncation.ts counts text only). */
  imageTokens?: number;
}

export function estimateTextTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export function estimateContentTokens(content: LlmContent, options: EstimateOptions = {}): number {
  switch (content.type) {
    case 'text':
      return estimateTextTokens(content.text);
    case 'image':
      return options.imageTokens ?? IMAGE_TOKENS;
    case 'tool_call':
      return estimateTextTokens(content.name) + estimateTextTokens(content.argumentsJson);
    case 'tool_result':
      return estimateTextTokens(content.content);
  }
}

export function estimateMessageTokens(message: LlmMessage, options: EstimateOptions = {}): number {
  return message.content.reduce((sum, part) => sum + estimateContentTokens(part, options), MESSAGE_OVERHEAD_TOKENS);
}

/** Tool definitions travel with every request, so they count against every prompt. */
export function estimateToolTokens(tools: LlmToolSpec[]): number {
  return tools.reduce(
    (sum, tool) => sum + estimateTextTokens(tool.name + tool.description + JSON.stringify(tool.inputSchema)),
    0,
  );
}

/** The whole prompt: system, tools and transcript (not the output the model will write). */
export function estimateRequestTokens(
  request: Pick<LlmRequest, 'system' | 'messages' | 'tools'>,
  options: EstimateOptions = {},
): number {
  const messages = request.messages.reduce((sum, message) => sum + estimateMessageTokens(message, options), 0);
  return estimateTextTokens(request.system) + estimateToolTokens(request.tools) + messages;
}
