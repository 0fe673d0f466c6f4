// Recovery before a resumed run moves anything: read the four pieces of evidence (continuation
// id, saved state, saved errors, output tail) and the journal, look at the device afresh, decide
// by rule, and log the decision with its reasons. A damaged record stops everything.
import { join } from 'node:path';
import { AppendLog } from '../../adapters/store/append-log.js';
import { AUDIT_FILE } from '../../adapters/store/file-run-store.js';
import { readJournal, type JournalContents } from '../../adapters/store/journal-reader.js';
import { readResultFile } from '../../adapters/store/result-file-reader.js';
import type { ScriptCursor } from '../../core/agent/interpreters/script/script-interpreter.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import { decideRecovery, type RecoveryDecision } from '../../core/recovery/decide.js';
import { stepsToAdvance } from '../../core/recovery/script-position.js';
import { lastUnsettledAction } from '../../core/recovery/unsettled-action.js';
import type { Checkpoint } from '../../core/state/checkpoint.js';
import type { ResumePlan } from './resume-plan.js';

export const DEFAULT_MAX_AGE_MS = 24 * 3600 * 1000;

export function recoverer(stateDir: string, goal: string, say: (line: string) => void, maxAgeMs = DEFAULT_MAX_AGE_MS) {
  return async (observer: ObserverPort): Promise<ResumePlan | { stop: RecoveryDecision }> => {
    const loaded = await readResultFile(stateDir);
    if (!loaded.ok) return stopped(stateDir, say, { kind: 'stop', code: loaded.problem === 'missing' ? 'missing' : 'corrupt', reasons: [loaded.message] });
    let journal: JournalContents;
    try {
      journal = await readJournal(stateDir);
    } catch (error) {
      return stopped(stateDir, say, { kind: 'stop', code: 'corrupt', reasons: [(error as Error).message] });
    }
    const { checkpoint } = loaded;
    const observation = await observer.observe();
    const decision = decideRecovery({
      checkpoint, unsettled: lastUnsettledAction(journal.records), tornJournal: journal.tornLastLine, goal,
      ageMs: Date.now() - Date.parse(checkpoint.savedAt), maxAgeMs, observation,
    });
    await log(stateDir, say, decision);
    if (decision.kind === 'stop') return { stop: decision };
    const lastJournalStep = Math.max(0, ...journal.records.map((r) => r.step));
    return {
      continuationId: checkpoint.continuationId,
      step: Math.max(checkpoint.state.step, lastJournalStep),
      completed: checkpoint.state.completed,
      errors: checkpoint.errors,
      scriptCursor: checkpoint.state.interpreter === 'script' ? (checkpoint.state.cursor as unknown as ScriptCursor) : undefined,
      scriptAdvanceBy: stepsToAdvance(checkpoint, journal.records, decision),
      handoff: handoffFrom(checkpoint, decision),
    };
  };
}

/** A bounded account of the saved run for a fresh model session: facts from the record, not the transcript. */
export function handoffFrom(checkpoint: Checkpoint, decision: RecoveryDecision): string {
  return durableSummary(checkpoint, [
    `This run was resumed after an interruption (continuation ${checkpoint.continuationId}).`,
    `Recovery decided: ${decision.kind}. ${decision.reasons.join(' ')}`,
  ]);
}

/** The four pieces of evidence (continuation id, saved state, saved errors, output tail), bounded. */
export function durableSummary(checkpoint: Checkpoint, preface: string[] = []): string {
  const cap = (lines: string[], max: number) => (lines.length > max ? [`(${lines.length - max} earlier lines left out)`, ...lines.slice(-max)] : lines);
  return [
    ...preface,
    `Continuation ${checkpoint.continuationId}, saved at step ${checkpoint.state.step} (${checkpoint.status}). Goal: ${checkpoint.state.goal}`,
    checkpoint.state.pending.length ? `Still to do (as planned):\n${cap(checkpoint.state.pending.map((p) => `- ${p}`), 10).join('\n')}` : '',
    `Completed so far:\n${cap(checkpoint.state.completed.map((c) => `- step ${c.step}: ${c.summary}`), 20).join('\n') || '- nothing'}`,
    `What went wrong so far:\n${cap(checkpoint.errors.map((e) => `- ${e.code}: ${e.message}`), 8).join('\n') || '- nothing'}`,
    `Last lines of the run's output:\n${cap(checkpoint.outputTail, 10).join('\n')}`,
  ].filter(Boolean).join('\n\n').slice(0, 6000);
}

async function stopped(stateDir: string, say: (line: string) => void, decision: RecoveryDecision): Promise<{ stop: RecoveryDecision }> {
  await log(stateDir, say, decision);
  return { stop: decision };
}

/** Every decision is printed and, where the state directory exists, written to the audit log. */
async function log(stateDir: string, say: (line: string) => void, decision: RecoveryDecision): Promise<void> {
  say(`recovery: ${decision.kind}${decision.kind === 'stop' ? ` (${decision.code})` : ''}`);
  for (const reason of decision.reasons) say(`  - ${reason}`);
  const audit = new AppendLog(join(stateDir, AUDIT_FILE));
  await audit.append({ at: new Date().toISOString(), runId: 'recovery', step: 0, tool: 'recovery', args: decision.kind === 'stop' ? { code: decision.code } : {}, status: decision.kind, message: decision.reasons.join(' | '), durationMs: 0 }).catch(() => undefined);
  await audit.close().catch(() => undefined);
}
