// What the app registers for the commands the bench cannot carry out itself.
import type { FindingRecord, FindingStatus } from '../../core/findings/finding-record.js';
import type { CommandError } from '../../core/operator/commands.js';

/** What the MCU said to the e-stop: latched or not (and why not). */
export interface EmergencyStopResult {
  latched: boolean;
  detail?: string;
}
export type EmergencyStopHandler = () => Promise<EmergencyStopResult>;

/** Why the run would refuse a resume now (a latched e-stop, and how to release it), or undefined. */
export type ResumeGate = () => Promise<string | undefined>;

export interface FindingStatusChange {
  /** The id or a prefix of it, as the operator typed it. */
  findingId: string;
  status: FindingStatus;
  note?: string;
  by: string;
}
export type FindingStatusOutcome =
  /** `record`, when given, is published on the findings topic (reason "status_changed"). */
  { ok: true; result: string; record?: FindingRecord } | { ok: false; error: CommandError };
export type FindingStatusHandler = (change: FindingStatusChange) => Promise<FindingStatusOutcome>;
