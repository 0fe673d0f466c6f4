// Compacting old turns, as pure data: a tool call and its result always go or stay together
// (for every cut, with several calls per turn), the first message and the last N turns stay
// word for word, old frames are dropped, and the summary says what was done and stays bounded.
import { describe, expect, it } from 'vitest';
import {
  compactTranscript,
  SUMMARY_MARKER,
  type CompactionMemory,
} from '../../../src/core/agent/interpreters/llm/compact-transcript.js';
import { orphanedToolResults } from '../../../src/core/agent/interpreters/llm/tool-pairs.js';
import type { LlmMessage } from '../../../src/core/ports/llm.js';
import { brokenPairsIn } from '../../support/scripted-models-context.js';

const GOAL = 'Connect to HomeNet-5G';
const empty: CompactionMemory = { lines: [], omitted: 0 };
const frame = { type: 'image' as const, mediaType: 'image/png' as const, dataBase64: 'AAAA' };

/** A first screen, then `turns` turns: an assistant with 1..3 calls, a user turn answering each plus a screen and a frame. */
function transcript(turns: number): LlmMessage[] {
  const messages: LlmMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'first screen: Settings' }, frame] }];
  for (let turn = 1; turn <= turns; turn++) {
    const ids = Array.from({ length: (turn % 3) + 1 }, (_, i) => `call-${turn}-${i}`);
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: `thinking ${turn}` },
        ...ids.map((id) => ({
          type: 'tool_call' as const,
          id,
          name: 'tap_text',
          argumentsJson: `{"text":"item ${id}"}`,
        })),
      ],
    });
    messages.push({
      role: 'user',
      content: [
        ...ids.map((id) => ({ type: 'tool_result' as const, callId: id, content: `status: ok\nDone: tapped ${id}` })),
        { type: 'text', text: `screen after turn ${turn}` },
        frame,
      ],
    });
  }
  return messages;
}

const options = (keepLastTurns: number, maxSummaryChars = 10_000) => ({ goal: GOAL, keepLastTurns, maxSummaryChars });

describe('compactTranscript', () => {
  it('never separates a tool result from its call, whatever is kept', () => {
    for (let turns = 0; turns <= 7; turns++) {
      for (let keep = 1; keep <= 8; keep++) {
        const { messages } = compactTranscript(transcript(turns), empty, options(keep));
        expect(brokenPairsIn(messages), `${turns} turns, keep ${keep}`).toEqual([]);
        expect(orphanedToolResults(messages)).toEqual([]);
        expect(messages[0]!.role).toBe('user');
        messages.forEach((m, i) => i > 0 && expect(m.role).not.toBe(messages[i - 1]!.role));
      }
    }
  });

  it('keeps the first message and the last N turns word for word and lists what the removed turns did', () => {
    const before = transcript(6);
    const { messages, removedMessages } = compactTranscript(before, empty, options(2));
    expect(removedMessages).toBe(8);
    expect(messages).toHaveLength(5);
    expect(messages[0]!.content[0]).toEqual(before[0]!.content[0]);
    expect(messages.slice(1, 4)).toEqual(
      before.slice(9, 12).map((m) => ({
        ...m,
        content: m.content.map((c) => (c.type === 'image' ? expect.objectContaining({ type: 'text' }) : c)),
      })),
    );
    expect(messages.at(-1)).toBe(before.at(-1)); // the newest turn, frame and all
    const summary = messages[0]!.content.find((c) => c.type === 'text' && c.text.startsWith(SUMMARY_MARKER));
    expect(summary).toBeDefined();
    const text = (summary as { text: string }).text;
    expect(text).toContain(GOAL);
    expect(text).toContain('- tap_text {"text":"item call-1-0"} -> ok: Done: tapped call-1-0');
    expect(text).toContain('call-4-1');
    expect(text).not.toContain('call-5-');
  });

  it('drops every frame but the newest, saying so', () => {
    const { messages, droppedImages } = compactTranscript(transcript(3), empty, options(2));
    expect(droppedImages).toBe(2);
    expect(messages.flatMap((m) => m.content).filter((c) => c.type === 'image')).toHaveLength(1);
    expect(JSON.stringify(messages)).toContain('an earlier camera frame was dropped');
  });

  it('a second compaction replaces the summary instead of stacking a second one, and it stays bounded', () => {
    const first = compactTranscript(transcript(6), empty, options(3, 400));
    const grown = [...first.messages, ...transcript(10).slice(13)];
    const second = compactTranscript(grown, first.memory, options(1, 400));
    const summaries = second.messages[0]!.content.filter((c) => c.type === 'text' && c.text.includes(SUMMARY_MARKER));
    expect(summaries).toHaveLength(1);
    expect(second.memory.lines.join('\n').length).toBeLessThanOrEqual(400);
    expect(second.memory.omitted).toBeGreaterThan(0);
    expect((summaries[0] as { text: string }).text).toMatch(/\d+ older entries omitted/);
    expect(brokenPairsIn(second.messages)).toEqual([]);
  });

  it('changes nothing when there is nothing old to remove', () => {
    const result = compactTranscript(
      transcript(2).map((m) => ({ ...m, content: m.content.filter((c) => c.type !== 'image') })),
      empty,
      options(4),
    );
    expect(result.removedMessages).toBe(0);
    expect(result.droppedImages).toBe(0);
  });
});
