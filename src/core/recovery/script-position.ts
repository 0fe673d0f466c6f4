// Where a resumed script picks up. The checkpoint is written after every step, with the cursor
// still on the step just run; the journal may know one more step (a crash after its action but
// before its checkpoint). Each finished step moves the cursor on once; calls made by an interrupt
// (pop-up handlers) are not script steps. Pure.
import type { Checkpoint } from '../state/checkpoint.js';
import type { JournalRecord } from '../ports/run-store.js';
import type { RecoveryDecision } from './decide.js';

export function stepsToAdvance(checkpoint: Checkpoint, records: JournalRecord[], decision: RecoveryDecision): number {
  if (decision.kind === 'stop') return 0;
  const savedStep = checkpoint.state.step;
  const savedStepDone = checkpoint.state.completed.some((c) => c.step === savedStep);
  const later = records.filter((r): r is Extract<JournalRecord, { type: 'intent' }> => r.type === 'intent' && r.step > savedStep && !r.callId.startsWith('interrupt-'));
  const laterStep = later.at(-1);
  if (!laterStep) return savedStepDone ? 1 : 0;
  const laterDone = decision.kind === 'continue' && (decision.inFlightHappened ?? verifiedMet(records, laterStep.commandId));
  return (savedStepDone ? 1 : 0) + (laterDone ? 1 : 0);
}

function verifiedMet(records: JournalRecord[], commandId: number): boolean {
  return records.some((r) => r.type === 'verified' && r.commandId === commandId && r.met);
}
