// The cumulative overflow's first remedy: the oldest turns of the conversation are replaced by
// a short list of the calls made and how each ended, attached to the first user message. The
// cut always falls right before an assistant message, so a tool call and its result go or
// stay together; the first message (the session's start) and the last N turns always stay.
// No model is asked to summarise: the list is built mechanically, so it cannot invent facts.
// Pure.
import type { LlmContent, LlmMessage } from '../../../ports/llm.js';
import { orphanedToolResults } from './tool-pairs.js';

export const SUMMARY_MARKER = 'EARLIER TURNS, COMPACTED';
export const DROPPED_IMAGE = '[an earlier camera frame was dropped to save context]';

/** What earlier compactions already folded into the summary; carried from one to the next. */
export interface CompactionMemory {
  lines: string[];
  /** Lines dropped from the summary itself to keep it bounded. */
  omitted: number;
}

export interface CompactionOptions {
  goal: string;
  /** Assistant turns (with the user turn answering each) kept word for word at the end. */
  keepLastTurns: number;
  /** The summary's size bound; the oldest lines go first. */
  maxSummaryChars: number;
}

export interface CompactionResult {
  messages: LlmMessage[];
  memory: CompactionMemory;
  removedMessages: number;
  droppedImages: number;
}

export function compactTranscript(
  messages: readonly LlmMessage[],
  memory: CompactionMemory,
  options: CompactionOptions,
): CompactionResult {
  const cut = cutIndex(messages, Math.max(1, options.keepLastTurns));
  const removed = messages.slice(1, cut);
  const lines = [...memory.lines, ...summaryLines(removed)];
  const bounded = boundLines(lines, memory.omitted, options.maxSummaryChars);
  let droppedImages = 0;
  const withoutOldImages = (message: LlmMessage): LlmMessage => ({
    role: message.role,
    content: message.content.map((part): LlmContent =>
      part.type === 'image' ? (droppedImages++, { type: 'text', text: DROPPED_IMAGE }) : part,
    ),
  });
  const first = messages[0];
  const kept = messages.slice(Math.max(1, cut));
  const last = kept.length ? kept[kept.length - 1]! : undefined;
  const head: LlmMessage[] = first
    ? [
        {
          role: first.role,
          content: [
            ...withoutOldImages(withoutSummary(first)).content,
            ...(bounded.lines.length ? [{ type: 'text' as const, text: summaryText(bounded, options.goal) }] : []),
          ],
        },
      ]
    : [];
  // The newest message keeps its frame: it is the picture the model is about to act on.
  const compacted = [...head, ...kept.map((message) => (message === last ? message : withoutOldImages(message)))];
  const orphans = orphanedToolResults(compacted);
  if (orphans.length)
    throw new Error(
      `compaction separated tool results from their calls (${orphans.join(', ')}); this is a bug in compact-transcript.ts`,
    );
  return { messages: compacted, memory: bounded, removedMessages: removed.length, droppedImages };
}

/**
 * Index of the first kept message after the head: the keepLastTurns-th assistant message from
 * the end. 1 (nothing removed) when there are not that many turns.
 */
function cutIndex(messages: readonly LlmMessage[], keepLastTurns: number): number {
  let seen = 0;
  for (let index = messages.length - 1; index >= 1; index--) {
    if (messages[index]!.role !== 'assistant') continue;
    if (++seen === keepLastTurns) return index;
  }
  return 1;
}

function withoutSummary(message: LlmMessage): LlmMessage {
  return {
    role: message.role,
    content: message.content.filter((part) => !(part.type === 'text' && part.text.startsWith(SUMMARY_MARKER))),
  };
}

/** One line per call made in the removed turns: what was called and how it ended. */
function summaryLines(removed: readonly LlmMessage[]): string[] {
  const results = new Map(
    removed.flatMap((message) =>
      message.content.flatMap((part) => (part.type === 'tool_result' ? [[part.callId, part.content] as const] : [])),
    ),
  );
  return removed
    .filter((message) => message.role === 'assistant')
    .flatMap((message) =>
      message.content.flatMap((part) => {
        if (part.type === 'text') return part.text.trim() ? [`- you wrote: ${clip(part.text, 160)}`] : [];
        if (part.type !== 'tool_call') return [];
        const result = results.get(part.id);
        return [
          `- ${part.name} ${clip(part.argumentsJson, 120)} -> ${result === undefined ? 'no result recorded' : outcomeOf(result)}`,
        ];
      }),
    );
}

/** "ok: Tapped ..." from "status: ok\nTapped ...". */
function outcomeOf(result: string): string {
  const [first = '', ...rest] = result.split('\n');
  const status = first.startsWith('status: ') ? first.slice('status: '.length) : '';
  const detail = (status ? rest.join(' ') : result).trim();
  return clip(status ? `${status}: ${detail}` : detail, 140);
}

function boundLines(lines: string[], omitted: number, maxChars: number): CompactionMemory {
  const kept = [...lines];
  let dropped = omitted;
  while (kept.length > 1 && kept.reduce((sum, line) => sum + line.length + 1, 0) > maxChars) {
    kept.shift();
    dropped++;
  }
  return { lines: kept, omitted: dropped };
}

function summaryText(memory: CompactionMemory, goal: string): string {
  return [
    `${SUMMARY_MARKER}: the oldest part of this conversation was replaced by this list to save context. The goal is unchanged: ${goal}`,
    'Calls made before the turns below, oldest first, with how each ended:',
    ...(memory.omitted
      ? [`- (${memory.omitted} older entries omitted; what is done is also in the durable record)`]
      : []),
    ...memory.lines,
    'The screen may have changed since: look before acting on anything listed here.',
  ].join('\n');
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}
