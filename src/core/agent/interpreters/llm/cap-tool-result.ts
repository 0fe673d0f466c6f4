// The single-event overflow: one tool result too big to send whole (a long log, a note full
// of data, a screen of hundreds of lines). The model gets the head (where the status line
// and the first findings are) and the last lines (where tools say "N more, call again with
// cursor=..."), and between them a note saying exactly what was cut and how to read it with
// read_spill. The whole text stays in the spill store, so nothing is silently dropped.
import type { SpillStore } from './spill-store.js';

export interface ToolResultCap {
  /** Results longer than this many characters are cut. */
  capChars: number;
  /** How much of the head the model sees. */
  headChars: number;
  /** How much of the end the model sees (0: none). */
  tailChars: number;
}

export interface CappedResult {
  content: string;
  /** Set when the result was cut. */
  spill?: { id: string; cutChars: number; totalChars: number };
}

/** A cap in characters from a cap in tokens (the estimator's 3.5 characters a token). */
export function capFromTokens(capTokens: number, charsPerToken: number): ToolResultCap {
  const capChars = Math.max(600, Math.floor(capTokens * charsPerToken));
  const headChars = Math.min(Math.floor(capChars / 2), 4000);
  return { capChars, headChars, tailChars: Math.min(400, Math.floor(headChars / 4)) };
}

export function capToolResult(content: string, cap: ToolResultCap, spills: SpillStore): CappedResult {
  if (content.length <= cap.capChars) return { content };
  const headEnd = snapToLineEnd(content, cap.headChars);
  const tailStart = Math.max(headEnd, snapToLineStart(content, content.length - cap.tailChars));
  const id = spills.put(content);
  const cut = content.slice(headEnd, tailStart);
  const cutLines = cut.split('\n').length;
  const note = [
    `[CUT TO SAVE CONTEXT: this result has ${content.length} characters; characters ${headEnd} to ${tailStart}`,
    ` (${cut.length} characters, about ${cutLines} lines) are not shown here. Nothing is lost: the whole result is kept as "${id}".`,
    ` To read them, call read_spill with id="${id}" offset=${headEnd} and page on from there.]`,
  ].join('');
  const tail =
    tailStart < content.length
      ? `\n[the last ${content.length - tailStart} characters:]\n${content.slice(tailStart)}`
      : '';
  return {
    content: `${content.slice(0, headEnd)}\n${note}${tail}`,
    spill: { id, cutChars: cut.length, totalChars: content.length },
  };
}

/** Cut after a whole line when one ends in the last fifth of the allowance; else mid-line. */
function snapToLineEnd(text: string, limit: number): number {
  const newline = text.lastIndexOf('\n', limit);
  return newline >= limit * 0.8 ? newline + 1 : limit;
}

/** Start the tail at a line start when one is near; else mid-line. */
function snapToLineStart(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline >= 0 && newline - from < 200 ? newline + 1 : from;
}
