// From the journal: the last physical action whose fate is not settled — sent with no outcome,
// an outcome the MCU could not confirm, or done but never verified on screen. Pure.
import type { JournalRecord } from '../ports/run-store.js';

export type IntentRecord = Extract<JournalRecord, { type: 'intent' }>;

export interface UnsettledAction {
  intent: IntentRecord;
  /** What the journal knows: never answered, answered but unknown, or done and unverified. */
  state: 'sent_outcome_unknown' | 'indeterminate' | 'done_unverified';
}

export function lastUnsettledAction(records: JournalRecord[]): UnsettledAction | undefined {
  const intents = records.filter((r): r is IntentRecord => r.type === 'intent');
  const last = intents.at(-1);
  if (!last) return undefined;
  const outcome = records.find((r) => r.type === 'outcome' && r.commandId === last.commandId) as
    Extract<JournalRecord, { type: 'outcome' }> | undefined;
  const verified = records.some((r) => r.type === 'verified' && r.commandId === last.commandId);
  if (!outcome) return { intent: last, state: 'sent_outcome_unknown' };
  if (outcome.outcome.kind === 'indeterminate') return { intent: last, state: 'indeterminate' };
  // A refusal moved nothing: settled. A done action is settled once verified.
  if ((outcome.outcome.kind === 'done' || outcome.outcome.kind === 'already') && !verified)
    return { intent: last, state: 'done_unverified' };
  return undefined;
}
