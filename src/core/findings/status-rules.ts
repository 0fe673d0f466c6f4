// What a person may do to a finding's status. Any status may move to any other (people change
// their minds, and the history keeps every step); dismissing needs a note, because the next
// person, and the agent's skipped_dismissed reply, need to know why it was let go.
import type { FindingRecord, FindingStatus } from './finding-record.js';

export const STATUS_COMMANDS = {
  acknowledge: 'acknowledged',
  start: 'in_progress',
  resolve: 'resolved',
  dismiss: 'dismissed',
  reopen: 'new',
} as const satisfies Record<string, FindingStatus>;
export type StatusCommand = keyof typeof STATUS_COMMANDS;

export interface StatusChangeRequest {
  status: FindingStatus;
  at: string;
  by: string;
  note?: string;
}

export type StatusChangeResult =
  | { ok: true; changed: true; record: FindingRecord }
  /** Already in that status: nothing is written, so repeating a command is harmless. */
  | { ok: true; changed: false; record: FindingRecord }
  | { ok: false; problem: 'note_required' };

export function changeStatus(record: FindingRecord, request: StatusChangeRequest): StatusChangeResult {
  const note = request.note?.trim() || undefined;
  if (request.status === 'dismissed' && !note) return { ok: false, problem: 'note_required' };
  if (record.status === request.status) return { ok: true, changed: false, record };
  const entry = { status: request.status, at: request.at, by: request.by, ...(note ? { note } : {}) };
  return {
    ok: true,
    changed: true,
    record: { ...record, status: request.status, history: [...record.history, entry] },
  };
}
