// Every provider rejects a tool result whose call is not in the assistant message right before
// it (and Anthropic a call left unanswered). Compaction and session switches check the
// transcript with this before sending, so a bug there fails loudly here, not as a 400.
import type { LlmMessage } from '../../../ports/llm.js';

/** The call ids of tool results that do not answer a call of the previous assistant message. */
export function orphanedToolResults(messages: readonly LlmMessage[]): string[] {
  const orphans: string[] = [];
  messages.forEach((message, index) => {
    const previous = messages[index - 1];
    const calls = new Set(
      previous?.role === 'assistant'
        ? previous.content.flatMap((part) => (part.type === 'tool_call' ? [part.id] : []))
        : [],
    );
    for (const part of message.content) {
      if (part.type === 'tool_result' && !calls.has(part.callId)) orphans.push(part.callId);
    }
  });
  return orphans;
}
