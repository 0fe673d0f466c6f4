// Saving respects what people decided: every status, one rule each.
import { describe, expect, it } from 'vitest';
import { MAX_RUN_IDS, type FindingRecord, type FindingStatus } from '../../../src/core/findings/finding-record.js';
import { applyObservation, type ObservedFinding } from '../../../src/core/findings/save-rules.js';

const ID = 'a1dba36be6fd09d1eeb6c07829270a1f';
const observed: ObservedFinding = {
  device: 'phone',
  screen: 'Wi-Fi',
  kind: 'text',
  subject: 'Pay button label',
  severity: 'minor',
  detail: 'says "Pya"',
};
const first = { at: '2026-01-01T10:00:00.000Z', runId: 'run-one-1', by: 'benchhand agent' };
const later = { at: '2026-01-08T10:00:00.000Z', runId: 'run-two-2', by: 'benchhand agent' };
const again: ObservedFinding = { ...observed, subject: 'PAY button label', severity: 'major', detail: 'still "Pya"' };

function recordWith(status: FindingStatus): FindingRecord {
  const created = applyObservation(undefined, ID, observed, first).record;
  return {
    ...created,
    status,
    history: [...created.history, { status, at: '2026-01-02T00:00:00.000Z', by: 'ana', note: 'looked' }],
  };
}

describe('saving a finding', () => {
  it('creates a new one with status new, one occurrence and its creation in the history', () => {
    const { record, reason } = applyObservation(undefined, ID, observed, first);
    expect(reason).toBe('created');
    expect(record).toEqual({
      id: ID,
      device: 'phone',
      screen: 'Wi-Fi',
      kind: 'text',
      subject: 'Pay button label',
      severity: 'minor',
      detail: 'says "Pya"',
      status: 'new',
      firstSeen: first.at,
      lastSeen: first.at,
      occurrences: 1,
      history: [{ status: 'new', at: first.at, by: 'benchhand agent', note: 'first found in run run-one-1' }],
      runIds: ['run-one-1'],
    });
  });

  it.each(['new', 'acknowledged', 'in_progress'] as const)(
    'updates a %s one with the new data and keeps its status',
    (status) => {
      const existing = recordWith(status);
      const { record, reason } = applyObservation(existing, ID, again, later);
      expect(reason).toBe('updated');
      expect(record).toEqual({
        ...existing,
        severity: 'major',
        detail: 'still "Pya"',
        lastSeen: later.at,
        occurrences: 2,
        runIds: ['run-one-1', 'run-two-2'],
      });
      expect(record.status).toBe(status);
      expect(record.subject).toBe('Pay button label'); // the first spelling stays
      expect(record.history).toEqual(existing.history);
    },
  );

  it.each([
    ['dismissed', 'skipped_dismissed'],
    ['resolved', 'skipped_resolved'],
  ] as const)('skips a %s one and changes nothing', (status, expected) => {
    const existing = recordWith(status);
    const snapshot = structuredClone(existing);
    const { record, reason } = applyObservation(existing, ID, again, later);
    expect(reason).toBe(expected);
    expect(record).toBe(existing);
    expect(existing).toEqual(snapshot);
  });

  it('counts every save but lists each run once, keeping the newest runs', () => {
    let record = applyObservation(undefined, ID, observed, first).record;
    record = applyObservation(record, ID, observed, first).record;
    expect(record.occurrences).toBe(2);
    expect(record.runIds).toEqual(['run-one-1']);
    for (let run = 0; run < MAX_RUN_IDS + 5; run++)
      record = applyObservation(record, ID, observed, { ...later, runId: `run-${run}` }).record;
    expect(record.runIds).toHaveLength(MAX_RUN_IDS);
    expect(record.runIds.at(-1)).toBe(`run-${MAX_RUN_IDS + 4}`);
  });

  it('saves without a run id when none is known', () => {
    const { record } = applyObservation(undefined, ID, observed, { at: first.at, by: 'benchhand agent' });
    expect(record.runIds).toEqual([]);
    expect(record.history[0]!.note).toBe('first found');
  });
});
