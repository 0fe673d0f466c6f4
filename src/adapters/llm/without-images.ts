// For text-only models (llama.cpp without a vision projector rejects images outright): each
// image becomes a short note, so the transcript still says a picture was there.
import type { LlmMessage, LlmRequest } from '../../core/ports/llm.js';

export const IMAGE_OMITTED_NOTE = '[camera image omitted: llm.sendImages is off; use the screen text]';

export function withoutImages(messages: LlmMessage[]): LlmMessage[] {
  return messages.map((message) => ({
    ...message,
    content: message.content.map((part) =>
      part.type === 'image' ? { type: 'text' as const, text: IMAGE_OMITTED_NOTE } : part,
    ),
  }));
}

/** The request as this adapter sends it: images dropped unless enabled, output capped by config. */
export function requestToSend(
  request: LlmRequest,
  options: { sendImages: boolean; maxOutputTokens?: number },
): LlmRequest {
  const sent = options.sendImages ? request : { ...request, messages: withoutImages(request.messages) };
  return { ...sent, maxOutputTokens: Math.min(request.maxOutputTokens, options.maxOutputTokens ?? Infinity) };
}
