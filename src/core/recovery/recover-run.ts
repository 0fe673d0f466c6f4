// Recovery before a resumed run moves anything: read the result file and the journal through
// the store's port, check them against each other and the clock, look at the device afresh,
// decide by rule, and log the decision with its reasons. Anything damaged stops everything
// (with a sentence naming the file, the problem and the fix). Pure: the I/O comes in as ports.
import type { ScriptCursor } from '../agent/interpreters/script/script-interpreter.js';
import type { Observation } from '../ports/observer.js';
import type { AuditRecord, RunRecordReader } from '../ports/run-store.js';
import type { Checkpoint } from '../state/checkpoint.js';
import { RESULT_FILE } from '../state/read-checkpoint.js';
import { JOURNAL_FILE } from '../state/read-journal.js';
import { decideFromRecord, decideFromScreen, type RecoveryDecision } from './decide.js';
import { durableSummary } from './durable-summary.js';
import { crossCheckJournal } from './journal-cross-check.js';
import { timestampProblem } from './record-timestamps.js';
import type { ResumePlan } from './resume-plan.js';
import { stepsToAdvance } from './script-position.js';
import { lastUnsettledAction } from './unsettled-action.js';

export const DEFAULT_MAX_AGE_MS = 24 * 3600 * 1000;

export interface RecoverDeps {
  reader: RunRecordReader;
  /**
   * The fresh look at the device, asked for only once the files are trusted: the reader behind it
   * (camera, OCR) is started on that first call, so a damaged record stops in a moment with nothing
   * started that looks or moves.
   */
  observe(): Promise<Observation>;
  goal: string;
  maxAgeMs: number;
  /** Wall-clock milliseconds since the epoch (the record's times are wall-clock). */
  now(): number;
  say(line: string): void;
  /** Where the decision is recorded (the audit log); failures to record are not fatal. */
  audit(record: AuditRecord): Promise<void>;
}

export type RecoveryResult = ResumePlan | { stop: RecoveryDecision };

export async function recoverRun(deps: RecoverDeps): Promise<RecoveryResult> {
  const files = { result: RESULT_FILE, journal: JOURNAL_FILE };
  const loaded = await deps.reader.loadCheckpoint();
  if (!loaded.ok)
    return stopped(deps, {
      kind: 'stop',
      code: loaded.problem === 'missing' ? 'missing' : 'corrupt',
      reasons: [loaded.message],
    });
  const journal = await deps.reader.loadJournal();
  if (!journal.ok) return stopped(deps, { kind: 'stop', code: 'corrupt', reasons: [journal.message] });
  const { checkpoint } = loaded;
  const checked = crossCheckJournal(checkpoint, journal, files);
  if (!checked.ok) return stopped(deps, { kind: 'stop', code: 'corrupt', reasons: [checked.reason] });
  const nowMs = deps.now();
  const clockProblem = timestampProblem(checkpoint, checked.records, nowMs, files);
  if (clockProblem) return stopped(deps, { kind: 'stop', code: 'corrupt', reasons: [clockProblem] });
  const { records } = checked;
  const evidence = {
    checkpoint,
    unsettled: lastUnsettledAction(records),
    tornJournal: journal.tornLastLine,
    goal: deps.goal,
    ageMs: nowMs - Date.parse(checkpoint.savedAt),
    maxAgeMs: deps.maxAgeMs,
  };
  // Another task's record, a stale or finished one: stopped without a look at the device.
  const decision = decideFromRecord(evidence) ?? decideFromScreen({ ...evidence, observation: await deps.observe() });
  await log(deps, decision);
  if (decision.kind === 'stop') return { stop: decision };
  let lastJournalStep = 0;
  for (const r of records) if (r.step > lastJournalStep) lastJournalStep = r.step; // no spread: a journal may hold 100 000 records
  return {
    continuationId: checkpoint.continuationId,
    step: Math.max(checkpoint.state.step, lastJournalStep),
    completed: checkpoint.state.completed,
    errors: checkpoint.errors,
    lastCommandId: checkpoint.state.lastCommandId,
    scriptCursor: checkpoint.state.interpreter === 'script' ? cursorOf(checkpoint, decision) : undefined,
    scriptAdvanceBy: stepsToAdvance(checkpoint, records, decision),
    handoff: handoffFrom(checkpoint, decision),
  };
}

/**
 * The saved script cursor; a TYPE a crash cut off part-way carries what the field already holds, as
 * an e-stopped one does (the script types only the rest: script-interpreter.ts estopTyped).
 */
function cursorOf(checkpoint: Checkpoint, decision: RecoveryDecision): ScriptCursor {
  const cursor = checkpoint.state.cursor as unknown as ScriptCursor;
  return decision.kind === 'verify_then_retry' && decision.alreadyTyped
    ? { ...cursor, estopTyped: decision.alreadyTyped }
    : cursor;
}

/** A bounded account of the saved run for a fresh model session: facts from the record, not the transcript. */
export function handoffFrom(checkpoint: Checkpoint, decision: RecoveryDecision): string {
  return durableSummary(checkpoint, [
    `This run was resumed after an interruption (continuation ${checkpoint.continuationId}).`,
    `Recovery decided: ${decision.kind}. ${decision.reasons.join(' ')}`,
  ]);
}

async function stopped(deps: RecoverDeps, decision: RecoveryDecision): Promise<{ stop: RecoveryDecision }> {
  await log(deps, decision);
  return { stop: decision };
}

/** Every decision is printed and written to the audit log. */
async function log(deps: RecoverDeps, decision: RecoveryDecision): Promise<void> {
  deps.say(`recovery: ${decision.kind}${decision.kind === 'stop' ? ` (${decision.code})` : ''}`);
  for (const reason of decision.reasons) deps.say(`  - ${reason}`);
  await deps
    .audit({
      at: new Date(deps.now()).toISOString(),
      runId: 'recovery',
      step: 0,
      tool: 'recovery',
      args: decision.kind === 'stop' ? { code: decision.code } : {},
      status: decision.kind,
      message: decision.reasons.join(' | '),
      durationMs: 0,
    })
    .catch(() => undefined);
}
