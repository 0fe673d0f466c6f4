// Where a resumed script picks up. The checkpoint is written after every step, and before each
// action is sent, with the cursor still on the step being run; the journal may know one more
// step (a crash after its action but before its checkpoint). Each finished step moves the cursor
// on once; calls made by an interrupt (pop-up handlers) are not script steps. Pure.
import type { Checkpoint } from '../state/checkpoint.js';
import type { JournalRecord } from '../ports/run-store.js';
import type { RecoveryDecision } from './decide.js';

type Intent = Extract<JournalRecord, { type: 'intent' }>;

export function stepsToAdvance(checkpoint: Checkpoint, records: JournalRecord[], decision: RecoveryDecision): number {
  if (decision.kind === 'stop') return 0;
  const savedStep = checkpoint.state.step;
  const savedStepDone = checkpoint.state.completed.some((c) => c.step === savedStep);
  // An action of the saved step itself is still open when the checkpoint was taken mid-step (before sending).
  const open = (r: Intent) => r.step > savedStep || (r.step === savedStep && !savedStepDone);
  let last: Intent | undefined;
  for (const r of records) if (r.type === 'intent' && !r.callId.startsWith('interrupt-') && open(r)) last = r;
  if (!last) return savedStepDone ? 1 : 0;
  const lastDone = decision.kind === 'continue' && (decision.inFlightHappened ?? verifiedMet(records, last.commandId));
  if (last.step === savedStep) return lastDone ? 1 : 0;
  return (savedStepDone ? 1 : 0) + (lastDone ? 1 : 0);
}

function verifiedMet(records: JournalRecord[], commandId: number): boolean {
  return records.some((r) => r.type === 'verified' && r.commandId === commandId && r.met);
}
