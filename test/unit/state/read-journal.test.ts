// Journal lines recovery cannot rely on are refused as damaged, with the line number and the
// rule and nothing of the line itself; only an unfinished last append counts as torn.
import { describe, expect, it } from 'vitest';
import { journalFromText } from '../../../src/core/state/read-journal.js';
import { intent, outcome, runLine, settledJournal, verified } from '../../support/recovery-fixtures.js';

const text = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n';
const PATH = '/state/journal.jsonl';

describe('reading the journal', () => {
  it('reads every record of a sound journal', () => {
    const read = journalFromText(text(settledJournal()), PATH);
    expect(read).toMatchObject({ ok: true, exists: true, tornLastLine: false });
    expect(read.ok && read.records.map((r) => r.type)).toEqual(['run', 'intent', 'outcome', 'verified']);
  });

  it.each([
    ['a bare number', '42', /line 2 is damaged: it is not a journal record \(it is a number, not a record object\)/],
    [
      'an intent with nothing in it',
      '{"type":"intent"}',
      /line 2 is damaged: it is not a journal record \(field at: .*\)/,
    ],
    [
      'an unknown record type',
      '{"type":"undo","at":"x"}',
      /line 2 is damaged: .*field type: must be one of run, intent, outcome, verified/,
    ],
    ['a line that is not JSON', 'root:x:0:0:root:/root:/bin/bash', /line 2 is damaged: it is not JSON/],
  ])('refuses %s in the middle, naming the line and the rule', (_name, bad, message) => {
    const read = journalFromText(`${JSON.stringify(runLine())}\n${bad}\n${JSON.stringify(outcome(7))}\n`, PATH);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toMatch(message);
    expect(read.message).toMatch(/\/state\/journal.jsonl .*benchhand run --fresh/);
    expect(read.message).not.toContain('root:x');
  });

  it('a last line without its newline that is not JSON is torn (a crash mid-append), the rest kept', () => {
    const read = journalFromText(text([runLine(), intent(7)]) + '{"type":"outcome","at":"20', PATH);
    expect(read).toMatchObject({ ok: true, tornLastLine: true });
    expect(read.ok && read.records).toHaveLength(2);
  });

  it('a complete last record without its newline is kept; a finished bad last line is damage, not a tear', () => {
    const whole = journalFromText(text([runLine()]) + JSON.stringify(verified(7)), PATH);
    expect(whole.ok && whole.records.map((r) => r.type)).toEqual(['run', 'verified']);
    expect(journalFromText(text([runLine()]) + '{"type":"outc\n', PATH).ok).toBe(false);
    expect(journalFromText(text([runLine()]) + '42', PATH).ok).toBe(false);
  });

  it('reads a 10 MB journal without running out of stack', () => {
    const records = [runLine()];
    for (let id = 1; records.length < 24000; id++)
      records.push(intent(id, { screenBefore: 'x'.repeat(700) }), outcome(id), verified(id));
    const big = text(records);
    expect(big.length).toBeGreaterThan(10_000_000);
    const read = journalFromText(big, PATH);
    expect(read.ok && read.records.length).toBe(records.length);
  });
});
