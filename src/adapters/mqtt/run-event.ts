// The documents on the events and findings topics. Each carries an id: QoS 1 is at-least-once
// (a message in flight when the connection drops is sent again), so a consumer that must not
// count twice drops an id it has seen.
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { SaveReason } from '../../core/findings/save-rules.js';

export const RUN_EVENT_TYPES = [
  'step',
  'call',
  'outcome',
  'approval',
  'evidence',
  'recovery',
  'operator',
  'finished',
] as const;
export type RunEventType = (typeof RUN_EVENT_TYPES)[number];

export interface RunEvent {
  id: string;
  at: string;
  runId: string | null;
  type: RunEventType;
  [field: string]: unknown;
}

/** A progress event as published: the loop's fields, plus who, when and which run. */
export function runEventFromProgress(event: ProgressEvent, id: string, at: string, runId: string | null): RunEvent {
  return { ...event, id, at, runId };
}

/** Events the loop's ProgressEvent does not carry (recovery decisions, operator commands taken, the finish). */
export function otherRunEvent(
  type: RunEventType,
  fields: Record<string, unknown>,
  id: string,
  at: string,
  runId: string | null,
): RunEvent {
  return { ...fields, id, at, runId, type };
}

/** Finding saves (reason + record) and status changes made by people (reason "status_changed"). */
export interface FindingMessage {
  id: string;
  at: string;
  reason: SaveReason | 'status_changed';
  record: FindingRecord;
}
