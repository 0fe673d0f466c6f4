// What saving a finding does to the record, given what people have decided about it. People win:
// a dismissed or resolved finding is left exactly as it is (the agent is told it was skipped);
// an acknowledged or in-progress one takes the new observation but keeps its status.
import type { FindingIdentity } from './finding-identity.js';
import { MAX_RUN_IDS, type FindingRecord, type FindingSeverity } from './finding-record.js';

export interface ObservedFinding extends FindingIdentity {
  severity: FindingSeverity;
  detail: string;
}

export type SaveReason = 'created' | 'updated' | 'skipped_dismissed' | 'skipped_resolved';

export interface SaveResult {
  record: FindingRecord;
  reason: SaveReason;
}

export interface SaveContext {
  /** ISO 8601 time of this observation. */
  at: string;
  /** The run that saw it, when known. */
  runId?: string;
  /** Who saved it, for the creation entry in the history. */
  by: string;
}

export function applyObservation(
  existing: FindingRecord | undefined,
  id: string,
  observed: ObservedFinding,
  context: SaveContext,
): SaveResult {
  if (!existing) {
    return {
      reason: 'created',
      record: {
        id,
        device: observed.device,
        screen: observed.screen,
        kind: observed.kind,
        subject: observed.subject,
        severity: observed.severity,
        detail: observed.detail,
        status: 'new',
        firstSeen: context.at,
        lastSeen: context.at,
        occurrences: 1,
        history: [
          {
            status: 'new',
            at: context.at,
            by: context.by,
            note: context.runId ? `first found in run ${context.runId}` : 'first found',
          },
        ],
        runIds: context.runId ? [context.runId] : [],
      },
    };
  }
  if (existing.status === 'dismissed') return { record: existing, reason: 'skipped_dismissed' };
  if (existing.status === 'resolved') return { record: existing, reason: 'skipped_resolved' };
  // new, acknowledged, in_progress: fresh data, same status. The identity fields keep the
  // spelling of the first sighting, so the record a person has been reading does not shift.
  return {
    reason: 'updated',
    record: {
      ...existing,
      severity: observed.severity,
      detail: observed.detail,
      lastSeen: context.at,
      occurrences: existing.occurrences + 1,
      runIds: addRunId(existing.runIds, context.runId),
    },
  };
}

function addRunId(runIds: string[], runId: string | undefined): string[] {
  if (!runId || runIds.includes(runId)) return runIds;
  return [...runIds, runId].slice(-MAX_RUN_IDS);
}
