// What people do to a finding: each command, the note rule, and repeats.
import { describe, expect, it } from 'vitest';
import type { FindingRecord } from '../../../src/core/findings/finding-record.js';
import { applyObservation } from '../../../src/core/findings/save-rules.js';
import { changeStatus, STATUS_COMMANDS } from '../../../src/core/findings/status-rules.js';

const created: FindingRecord = applyObservation(
  undefined,
  'a1dba36be6fd09d1eeb6c07829270a1f',
  {
    device: 'phone',
    screen: 'Wi-Fi',
    kind: 'text',
    subject: 'Pay button label',
    severity: 'minor',
    detail: 'says "Pya"',
  },
  { at: '2026-01-01T10:00:00.000Z', by: 'benchhand agent' },
).record;
const at = '2026-01-02T09:30:00.000Z';

describe('changing a finding status', () => {
  it('maps each command to its status', () => {
    expect(STATUS_COMMANDS).toEqual({
      acknowledge: 'acknowledged',
      start: 'in_progress',
      resolve: 'resolved',
      dismiss: 'dismissed',
      reopen: 'new',
    });
  });

  it.each(['acknowledged', 'in_progress', 'resolved'] as const)(
    'moves new to %s and records who, when and the note',
    (status) => {
      const result = changeStatus(created, { status, at, by: 'ana', note: ' seen it ' });
      expect(result).toEqual({
        ok: true,
        changed: true,
        record: { ...created, status, history: [...created.history, { status, at, by: 'ana', note: 'seen it' }] },
      });
    },
  );

  it('leaves the note out of the history when none is given', () => {
    const result = changeStatus(created, { status: 'acknowledged', at, by: 'ana' });
    expect(result.ok && result.record.history.at(-1)).toEqual({ status: 'acknowledged', at, by: 'ana' });
  });

  it('refuses to dismiss without a note (or with only spaces)', () => {
    expect(changeStatus(created, { status: 'dismissed', at, by: 'ana' })).toEqual({
      ok: false,
      problem: 'note_required',
    });
    expect(changeStatus(created, { status: 'dismissed', at, by: 'ana', note: '   ' })).toEqual({
      ok: false,
      problem: 'note_required',
    });
    const dismissed = changeStatus(created, { status: 'dismissed', at, by: 'ana', note: 'by design' });
    expect(dismissed.ok && dismissed.record.status).toBe('dismissed');
  });

  it('reopens a dismissed or resolved finding, keeping the whole history', () => {
    const dismissed = changeStatus(created, { status: 'dismissed', at, by: 'ana', note: 'by design' });
    if (!dismissed.ok) throw new Error('dismiss failed');
    const reopened = changeStatus(dismissed.record, { status: 'new', at, by: 'bo', note: 'it is a bug after all' });
    expect(reopened.ok && reopened.record.status).toBe('new');
    expect(reopened.ok && reopened.record.history.map((entry) => entry.status)).toEqual(['new', 'dismissed', 'new']);
  });

  it('changes nothing when the finding already has that status', () => {
    const result = changeStatus(created, { status: 'new', at, by: 'ana' });
    expect(result).toEqual({ ok: true, changed: false, record: created });
  });
});
