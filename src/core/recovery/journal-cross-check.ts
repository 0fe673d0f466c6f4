// The result file and the journal vouch for each other before anything is decided from them.
// Every run writes a `run` line naming its continuation before its first result file, and every
// action is in the journal before the result file may name it (the intent is fsync'd first). So:
// the journal must name the result's continuation and run; every record must belong to a run the
// journal opened; and the result's last action must be in the journal. A journal that is missing
// while the result shows actions, or that ends before the result's last action, lost records —
// and a resume that trusted it could do an action twice (typing a password again). Pure.
import type { JournalRecord } from '../ports/run-store.js';
import type { Checkpoint } from '../state/checkpoint.js';

export type CrossCheck = { ok: true; records: JournalRecord[] } | { ok: false; reason: string };

export interface JournalEvidence {
  exists: boolean;
  records: JournalRecord[];
}

const DAMAGED =
  'Nothing was sent to the device. A person must look at the device and the record; start over with `benchhand run --fresh` (the old record is archived).';

/** The result's last action: the last command id it allocated, completed or in flight. */
export function lastActionOf(checkpoint: Checkpoint): number | undefined {
  let last: number | undefined = checkpoint.state.lastCommandId ?? undefined;
  for (const done of checkpoint.state.completed)
    if (done.commandId !== undefined && (last === undefined || done.commandId > last)) last = done.commandId;
  const current = checkpoint.state.current?.commandId;
  if (current !== undefined && (last === undefined || current > last)) last = current;
  return last;
}

/** The records of the result's continuation (the journal may hold an older chain before it), or why they cannot be trusted. */
export function crossCheckJournal(
  checkpoint: Checkpoint,
  journal: JournalEvidence,
  files: { result: string; journal: string },
): CrossCheck {
  const lastAction = lastActionOf(checkpoint);
  if (!journal.records.length) {
    if (lastAction === undefined) return { ok: true, records: [] };
    const state = journal.exists ? 'holds no records' : 'is missing';
    return {
      ok: false,
      reason: `${files.journal} ${state}, but ${files.result} shows actions up to command ${lastAction}: the journal was lost or emptied, so what happened last cannot be known. ${DAMAGED}`,
    };
  }
  const start = journal.records.findIndex((r) => r.type === 'run' && r.continuationId === checkpoint.continuationId);
  if (start < 0) {
    const named = journal.records.find((r): r is Extract<JournalRecord, { type: 'run' }> => r.type === 'run');
    const whose = named ? `continuation ${named.continuationId}` : 'no continuation at all (no run line)';
    return {
      ok: false,
      reason: `${files.result} belongs to continuation ${checkpoint.continuationId}, but ${files.journal} beside it names ${whose}: the two files are from different runs. ${DAMAGED}`,
    };
  }
  const segment = journal.records.slice(start);
  const runs = new Set<string>();
  for (let i = 0; i < segment.length; i++) {
    const record = segment[i]!;
    if (record.type === 'run') {
      if (record.continuationId !== checkpoint.continuationId)
        return {
          ok: false,
          reason: `${files.journal} record ${start + i + 1} opens continuation ${record.continuationId} after ${checkpoint.continuationId}, whose result file this is: another run wrote to this state directory since. ${DAMAGED}`,
        };
      runs.add(record.runId);
    } else if (!runs.has(record.runId)) {
      return {
        ok: false,
        reason: `${files.journal} record ${start + i + 1} belongs to run ${record.runId}, which the journal never opened: records were added or moved. ${DAMAGED}`,
      };
    }
  }
  if (!runs.has(checkpoint.runId))
    return {
      ok: false,
      reason: `${files.result} was written by run ${checkpoint.runId}, which ${files.journal} never opened: the result file is from another run of this chain, or the journal lost its end. ${DAMAGED}`,
    };
  if (lastAction !== undefined && !segment.some((r) => r.type === 'intent' && r.commandId === lastAction)) {
    return {
      ok: false,
      reason: `${files.result} shows command ${lastAction}, but ${files.journal} has no intent for it: the journal ends before the result's last action (records were lost), so a later action may have been done already. ${DAMAGED}`,
    };
  }
  return { ok: true, records: segment };
}
