// The result file and the journal vouch for each other (issue 14.5): a journal deleted or cut
// after a crash, or a result file from another run, is damage, not "continue".
import { describe, expect, it } from 'vitest';
import { crossCheckJournal } from '../../../src/core/recovery/journal-cross-check.js';
import { timestampProblem } from '../../../src/core/recovery/record-timestamps.js';
import {
  checkpoint,
  intent,
  minutesAgo,
  NOW,
  outcome,
  runLine,
  settledJournal,
  verified,
} from '../../support/recovery-fixtures.js';

const FILES = { result: 'result.json', journal: 'journal.jsonl' };
const check = (records = settledJournal(), saved = checkpoint(), exists = true) =>
  crossCheckJournal(saved, { exists, records }, FILES);

describe('result file against journal', () => {
  it("a journal that matches passes, and only the result's chain is handed on", () => {
    const older = [runLine('r-old', 'c-old-chain'), intent(3, { runId: 'r-old' })];
    const checked = check([...older, ...settledJournal()]);
    expect(checked.ok && checked.records).toEqual(settledJournal());
  });

  it('a missing or emptied journal while the result shows actions is damaged', () => {
    expect(check([], checkpoint(), false)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/journal.jsonl is missing, but result.json shows actions up to command 7/),
    });
    expect(check([], checkpoint(), true)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/holds no records/),
    });
  });

  it('a missing journal is fine while nothing was ever done', () => {
    expect(check([], checkpoint({}, { completed: [], lastCommandId: null }), false)).toMatchObject({ ok: true });
  });

  it("a journal that ends before the result's last action (its last records cut) is damaged", () => {
    const typing = checkpoint(
      {},
      { phase: 'journal', current: { tool: 'type_text', args: {}, commandId: 9 }, lastCommandId: 9 },
    );
    expect(check([...settledJournal(), intent(9), outcome(9)], typing)).toMatchObject({ ok: true });
    expect(check(settledJournal(), typing)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/shows command 9, but journal.jsonl has no intent for it/),
    });
  });

  it('the last command id counts even when its step failed (not in completed, nothing in flight)', () => {
    const failed = checkpoint({}, { lastCommandId: 12 });
    expect(check(settledJournal(), failed)).toMatchObject({ ok: false, reason: expect.stringMatching(/command 12/) });
  });

  it('a result file from another run beside this journal is noticed', () => {
    expect(check(settledJournal(), checkpoint({ continuationId: 'c-someone-elses-chain' }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /belongs to continuation c-someone-elses-chain, but journal.jsonl beside it names continuation c0ffee00/,
      ),
    });
    expect(check(settledJournal(), checkpoint({ runId: 'r-another-run-of-this-chain' }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/never opened/),
    });
  });

  it('a journal that names no continuation, records of a run it never opened, and a later chain are damaged', () => {
    expect(check([intent(7), outcome(7), verified(7)])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no continuation at all/),
    });
    expect(check([...settledJournal(), intent(8, { runId: 'r-stranger' })])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/run r-stranger, which the journal never opened/),
    });
    expect(check([...settledJournal(), runLine('r-new', 'c-new-chain')])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/opens continuation c-new-chain after/),
    });
  });
});

describe('timestamps', () => {
  it('sound times pass', () => {
    expect(timestampProblem(checkpoint(), settledJournal(), NOW, FILES)).toBeUndefined();
  });
  it.each([
    [
      'a savedAt a year in the future',
      { savedAt: new Date(NOW + 365 * 86400000).toISOString() },
      /savedAt is 525600 min ahead of this machine's clock/,
    ],
    ['a savedAt that is not a date', { savedAt: 'not a date' }, /savedAt is not an ISO 8601 time/],
    ['a savedAt Date.parse would take as a year', { savedAt: '42' }, /savedAt is not an ISO 8601 time/],
    [
      'an error time that is not a date',
      { errors: [{ at: 'yesterday', code: 'x', message: 'm', step: 1 }] },
      /errors.0.at is not an ISO 8601 time/,
    ],
  ])('%s stops with the reason', (_name, changes, message) => {
    expect(timestampProblem(checkpoint(changes), settledJournal(), NOW, FILES)).toMatch(message);
  });
  it('a journal record from the future stops too; a few seconds of skew do not', () => {
    expect(
      timestampProblem(
        checkpoint(),
        [runLine(), { ...intent(7), at: new Date(NOW + 3600000).toISOString() }],
        NOW,
        FILES,
      ),
    ).toMatch(/journal.jsonl record 2 field at is 60 min ahead/);
    expect(
      timestampProblem(checkpoint({ savedAt: new Date(NOW + 30000).toISOString() }), [], NOW, FILES),
    ).toBeUndefined();
    expect(minutesAgo(0)).toBe(new Date(NOW).toISOString());
  });
});
