// The single-event overflow as pure data: a result over the cap becomes head + note + tail, the
// note's numbers are right, the spill keeps the whole text, and read_spill pages rebuild it
// exactly; bad ids, offsets and arguments come back as errors that say what to send.
import { describe, expect, it } from 'vitest';
import { capFromTokens, capToolResult } from '../../../src/core/agent/interpreters/llm/cap-tool-result.js';
import { answerReadSpill, readSpillSpec } from '../../../src/core/agent/interpreters/llm/read-spill-tool.js';
import { SpillStore } from '../../../src/core/agent/interpreters/llm/spill-store.js';

const lines = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${String(i).padStart(4, '0')}: ${'x'.repeat(40)}`).join('\n');
const cap = capFromTokens(1000, 3.5); // 3500 characters, head 1750, tail 400

describe('capToolResult', () => {
  it('leaves a result under the cap alone and spills nothing', () => {
    const spills = new SpillStore();
    expect(capToolResult('status: ok\nshort', cap, spills)).toEqual({ content: 'status: ok\nshort' });
    expect(spills.count).toBe(0);
  });

  it('cuts a long result to head, note and tail at line ends, and says exactly what was cut', () => {
    const spills = new SpillStore();
    const text = lines(300);
    const capped = capToolResult(text, cap, spills);
    expect(capped.spill).toEqual({ id: 'spill-1', cutChars: expect.any(Number), totalChars: text.length });
    expect(capped.content.length).toBeLessThan(cap.capChars);
    expect(capped.content.startsWith('line 0000')).toBe(true);
    expect(capped.content.trimEnd().endsWith('line 0299: ' + 'x'.repeat(40))).toBe(true);
    const [, headEnd, tailStart, cut] = /characters (\d+) to (\d+) \((\d+) characters/
      .exec(capped.content)!
      .map(Number);
    expect(text.slice(0, headEnd)).toBe(capped.content.slice(0, headEnd));
    expect(text[headEnd! - 1]).toBe('\n');
    expect(tailStart! - headEnd!).toBe(cut);
    expect(capped.content).toContain(`call read_spill with id="spill-1" offset=${headEnd}`);
    expect(capped.content).toContain(`the last ${text.length - tailStart!} characters`);
  });

  it('the pages read_spill returns rebuild the whole text exactly', () => {
    const spills = new SpillStore();
    const text = lines(400);
    capToolResult(text, cap, spills);
    let offset = 0;
    let rebuilt = '';
    for (let guard = 0; guard < 100; guard++) {
      const answer = answerReadSpill(JSON.stringify({ id: 'spill-1', offset, max_chars: 5000 }), spills, 3000);
      expect(answer.isError).toBe(false);
      const body =
        /^status: ok\n\[spill-1, characters (\d+) to (\d+) of (\d+):\]\n([\s\S]*)\n\[(?:(\d+) more characters: call read_spill with id="spill-1" offset=(\d+)|end of this result)\]$/.exec(
          answer.content,
        )!;
      expect(Number(body[2]) - Number(body[1])).toBeLessThanOrEqual(3000); // the page limit wins over max_chars
      rebuilt += body[4];
      if (!body[6]) break;
      offset = Number(body[6]);
    }
    expect(rebuilt).toBe(text);
  });
});

describe('read_spill', () => {
  it('is a tool with a schema the model can call', () => {
    const spec = readSpillSpec();
    expect(spec.name).toBe('read_spill');
    expect(spec.inputSchema).toMatchObject({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string' }, offset: { type: 'integer' } },
    });
  });

  it('says what is wrong with unparseable or invalid arguments, an unknown id, or an offset past the end', () => {
    const spills = new SpillStore();
    spills.put('abc');
    expect(answerReadSpill('{"id": ', spills, 1000)).toEqual({
      isError: true,
      content: expect.stringMatching(/^status: unparseable_arguments/),
    });
    expect(answerReadSpill('{"offset": -1}', spills, 1000)).toEqual({
      isError: true,
      content: expect.stringMatching(/^status: invalid_arguments\n.*id/),
    });
    expect(answerReadSpill('{"id": "spill-9"}', spills, 1000)).toEqual({
      isError: true,
      content: expect.stringContaining('There is no spill "spill-9"'),
    });
    expect(answerReadSpill('{"id": "spill-1", "offset": 3}', spills, 1000)).toEqual({
      isError: true,
      content: expect.stringContaining('offset 3 is past its end'),
    });
  });

  it('an evicted spill says it was discarded, and the newest one is always kept', () => {
    const spills = new SpillStore(100);
    spills.put('a'.repeat(80));
    spills.put('b'.repeat(80));
    expect(spills.count).toBe(1);
    expect(answerReadSpill('{"id": "spill-1"}', spills, 1000).content).toContain(
      'was discarded to keep memory bounded',
    );
    expect(answerReadSpill('{"id": "spill-2"}', spills, 1000).isError).toBe(false);
    spills.put('c'.repeat(500));
    expect(answerReadSpill('{"id": "spill-3"}', spills, 1000).isError).toBe(false);
  });
});
