// An intent's expectation keeps where it must show when the journal is read back: recovery judges
// an action in doubt by the same place the loop would have. (Read strictly, "Family below
// Climbing club" became "Family" anywhere, and a drag that had not happened was taken as done.)
import { describe, expect, it } from 'vitest';
import { checkJournalRecord } from '../../../src/core/state/journal-schema.js';

const intent = (expectation: unknown) => ({
  type: 'intent',
  at: '2026-12-01T00:00:00Z',
  runId: 'r1',
  step: 13,
  commandId: 13,
  tool: 'drag',
  action: { kind: 'swipe' },
  expectation,
  callId: 'c1',
  screenBefore: 'Pinned',
});

describe('a journaled expectation read back', () => {
  it('keeps its anchors, region, contains and ending', () => {
    const where = { below: 'Climbing club', in: 'content', contains: true, ending: false };
    const read = checkJournalRecord(intent({ kind: 'text_appears', text: 'Family', where }));
    expect(read.ok && read.record.type === 'intent' && read.record.expectation).toEqual({
      kind: 'text_appears',
      text: 'Family',
      where,
    });
    const gone = checkJournalRecord(intent({ kind: 'text_gone', text: 'Delete account?', where: { in: 'dialog' } }));
    expect(gone.ok && gone.record.type === 'intent' && gone.record.expectation).toEqual({
      kind: 'text_gone',
      text: 'Delete account?',
      where: { in: 'dialog' },
    });
  });

  it('still refuses a place that is not an object', () => {
    expect(checkJournalRecord(intent({ kind: 'text_appears', text: 'Family', where: 'below' })).ok).toBe(false);
  });
});
