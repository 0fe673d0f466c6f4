// The first message of a fresh session after the old one outgrew the context. It is built from
// the durable record (the composition root's bounded summary of result.json), never from the
// old transcript: the transcript is what did not fit, and the record is what recovery trusts.
// Only the turn in flight is carried over (the results of the calls just made, as text, since
// their calls are gone; the current screen and frame), so the model can go on from here.
import type { LlmContent, LlmMessage } from '../../../ports/llm.js';
import { capToolResult, type ToolResultCap } from './cap-tool-result.js';
import type { SpillStore } from './spill-store.js';

export const SESSION_MARKER = 'NEW SESSION';

export interface SeedInput {
  /** The durable-state summary as the composition root gave it; bounded here. */
  durableState: string;
  /** The most characters of durable state put in the message; the rest is spilled. */
  durableCapChars: number;
  /** 1 for the first switch of the run. */
  switchNumber: number;
  /** Why the old session was closed, in words. */
  reason: string;
  /** The last user turn of the closed session and the assistant turn it answered. */
  lastUser?: LlmMessage;
  lastAssistant?: LlmMessage;
  /** Caps each carried-over tool result. */
  resultCap: ToolResultCap;
  spills: SpillStore;
}

export interface Seed {
  message: LlmMessage;
  /** True when the durable state was longer than the cap. */
  capped: boolean;
  durableChars: number;
}

export function seedSession(input: SeedInput): Seed {
  const durable = input.durableState.trim() || '(the durable record is empty: nothing was saved yet)';
  const capped = durable.length > input.durableCapChars;
  const shown = capped ? boundDurable(durable, input) : durable;
  const intro = [
    `${SESSION_MARKER} (session switch ${input.switchNumber}): the previous conversation no longer fitted the model's context (${input.reason}) and was closed.`,
    'This session starts from the durable record the agent wrote as it went, not from that conversation.',
    'Trust the record for what is done: do not repeat an action it lists as done, and look at the screen before acting.',
    '',
    'DURABLE STATE (from the result file):',
    '<durable_state>',
    shown,
    '</durable_state>',
    ...carriedResults(input),
  ].join('\n');
  const current = (input.lastUser?.content ?? []).filter(
    (part): part is Exclude<LlmContent, { type: 'tool_result' }> => part.type === 'text' || part.type === 'image',
  );
  return {
    message: { role: 'user', content: [{ type: 'text', text: intro }, ...current] },
    capped,
    durableChars: durable.length,
  };
}

/** The head of an over-long record, and a note saying how much is cut and where the rest is. */
function boundDurable(durable: string, input: SeedInput): string {
  const id = input.spills.put(durable);
  const head = durable.slice(0, input.durableCapChars);
  return `${head}\n[DURABLE STATE CAPPED: ${durable.length} characters in all, the first ${head.length} shown; ${durable.length - head.length} more characters are kept as "${id}": call read_spill with id="${id}" offset=${head.length} to read them.]`;
}

function carriedResults(input: SeedInput): string[] {
  const results = (input.lastUser?.content ?? []).filter(
    (part): part is Extract<LlmContent, { type: 'tool_result' }> => part.type === 'tool_result',
  );
  if (!results.length) return [];
  const names = new Map(
    (input.lastAssistant?.content ?? []).flatMap((part) =>
      part.type === 'tool_call' ? [[part.id, `${part.name} ${part.argumentsJson}`] as const] : [],
    ),
  );
  return [
    '',
    'Results of the calls made just before the switch (the record may not show them yet):',
    ...results.map((result) => {
      const capped = capToolResult(result.content, input.resultCap, input.spills).content;
      return `- ${names.get(result.callId) ?? `call ${result.callId}`}:\n${capped}`;
    }),
  ];
}
