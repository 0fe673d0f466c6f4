// Only the newest camera frame stays in the transcript: a frame costs about 1600 tokens, so
// keeping every step's picture made each step add ~1750 tokens (npm run bench llm) and a 32k
// window fill in about ten steps. The model decides on the screen as it is now; older steps keep
// their text (screen lines, tool results). Pure.
import type { LlmContent, LlmMessage } from '../../../ports/llm.js';
import { DROPPED_IMAGE } from './compact-transcript.js';

/** Replaces every image already in `messages` with a short note; returns how many it replaced. */
export function dropEarlierFrames(messages: LlmMessage[]): number {
  let dropped = 0;
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    if (!message.content.some((part) => part.type === 'image')) continue;
    messages[i] = {
      ...message,
      content: message.content.map((part): LlmContent =>
        part.type === 'image' ? (dropped++, { type: 'text', text: DROPPED_IMAGE }) : part,
      ),
    };
  }
  return dropped;
}
