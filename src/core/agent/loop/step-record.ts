// Everything a step leaves behind, written from here only: the phase it is in (the result file's
// `phase` and the crash hook), the journal's run, intent, outcome and verification lines, the
// audit line, the result file, and the masking of secret text in all of them. The loop's phases
// call these in their order (phases.ts, the list docs/ARCHITECTURE.md's step table is); nothing else in the loop writes to the store. Keeping the
// writes together keeps their order checkable in one file: intent (fsync'd) and the result file
// naming the action before anything moves, the outcome after, the verification after looking.
import type { ActionOutcome } from '../../ports/mcu.js';
import type { AuditRecord, PhysicalAction } from '../../ports/run-store.js';
import type { PackedFingerprint } from '../../vision/packed-fingerprint.js';
import type { CaptureRecord } from '../../vision/retake-policy.js';
import type { RunState } from '../run-state.js';
import type { Expectation } from '../tools/tool.js';
import type { RunPhase } from '../../state/checkpoint.js';
import { maskSecret } from '../redact-secrets.js';
import type { AgentDeps } from './agent-deps.js';
import { buildCheckpoint } from './checkpoint-phase.js';
import type { LoopPhase } from './phases.js';

/** The step enters a phase: the result file will say so, and a crash test may stop the process here. */
export function enterPhase(deps: AgentDeps, state: RunState, phase: LoopPhase): void {
  setPhase(state, phase);
  deps.phaseHook?.(phase, state.step);
}

/** The one assignment of a run's phase (a sub-run's is mirrored into its parent's by ParentSync). */
function setPhase(state: RunState, phase: RunPhase): void {
  state.phase = phase;
}

/** The journal names the run and its chain before any result file does (recovery checks the two against each other). */
export async function recordRunStart(deps: AgentDeps, state: RunState): Promise<void> {
  await deps.store.appendJournal({
    type: 'run',
    at: deps.wallClock(),
    runId: state.runId,
    continuationId: state.continuationId,
    step: state.step,
  });
}

export interface IntentContext {
  tool: string;
  callId: string;
  expectation: Expectation;
  screenBefore: string;
  /** The picture the action was planned on, packed: recovery compares it with a fresh one. */
  contentBefore?: PackedFingerprint;
  /** Doing it twice is harmless (act-phase.ts isRepeatable). */
  repeatable: boolean;
  /** How the picture the action was planned on was chosen by the quality gate (first, retaken, fused, best_of_failed). */
  look?: CaptureRecord;
}

/**
 * Before anything is sent: the fsync'd intent with its command id, then the result file naming the
 * action too. A journal that lost this intent (cut, deleted) no longer matches the result file, and
 * recovery stops instead of doing the action again. A crash before this returns left nothing sent.
 */
export async function recordIntent(
  deps: AgentDeps,
  state: RunState,
  context: IntentContext,
  action: PhysicalAction,
  commandId: number,
): Promise<void> {
  const shown = maskSecret(action);
  state.current = { tool: context.tool, args: shown, commandId };
  state.lastCommandId = commandId;
  setPhase(state, 'journal');
  await deps.store.appendJournal({
    type: 'intent',
    at: deps.wallClock(),
    runId: state.runId,
    step: state.step,
    commandId,
    tool: context.tool,
    action: shown,
    callId: context.callId,
    expectation: context.expectation,
    screenBefore: context.screenBefore,
    ...(context.contentBefore ? { contentBefore: context.contentBefore } : {}),
    ...(context.repeatable ? { repeatable: true } : {}),
    ...(context.look ? { look: { ...context.look } } : {}),
    ...(state.actingFor ? { by: state.actingFor } : {}),
  });
  await saveResultFile(deps, state);
  deps.phaseHook?.('journal', state.step);
}

/** The act phase: the hook runs once the command is on its way (a crash here is "sent, outcome unknown"). */
export function recordSending<T>(deps: AgentDeps, state: RunState, send: () => Promise<T>): Promise<T> {
  setPhase(state, 'act');
  const sending = send();
  deps.phaseHook?.('act', state.step);
  return sending;
}

export async function recordOutcome(
  deps: AgentDeps,
  state: RunState,
  commandId: number,
  outcome: ActionOutcome,
): Promise<void> {
  await deps.store.appendJournal({
    type: 'outcome',
    at: deps.wallClock(),
    runId: state.runId,
    step: state.step,
    commandId,
    outcome,
  });
}

export async function recordVerification(
  deps: AgentDeps,
  state: RunState,
  commandId: number,
  verification: { met: boolean; detail: string },
): Promise<void> {
  await deps.store.appendJournal({
    type: 'verified',
    at: deps.wallClock(),
    runId: state.runId,
    step: state.step,
    commandId,
    met: verification.met,
    detail: verification.detail,
  });
}

export type AuditLine = Omit<AuditRecord, 'at' | 'runId' | 'step'>;

/** The audit line of a tool call or an operator command (its arguments' secrets masked), told to the watchers too. */
export async function recordAudit(deps: AgentDeps, state: RunState, line: AuditLine, content: string): Promise<void> {
  await deps.store.appendAudit({
    at: deps.wallClock(),
    runId: state.runId,
    step: state.step,
    ...line,
    args: maskSecret(line.args),
  });
  deps.onProgress?.({
    type: 'outcome',
    step: state.step,
    tool: line.tool,
    status: line.status,
    content,
    durationMs: line.durationMs,
  });
}

/** The step's end state in the result file; `finished` once the run has a termination. */
export async function recordCheckpoint(deps: AgentDeps, state: RunState): Promise<void> {
  setPhase(state, state.termination ? 'finished' : 'checkpoint');
  await saveResultFile(deps, state);
}

/** A step is over: a crash test may stop here, then the result file says where the run is. */
export async function recordStepEnd(deps: AgentDeps, state: RunState): Promise<void> {
  deps.phaseHook?.('checkpoint', state.step);
  await recordCheckpoint(deps, state);
}

/** The result file as the run stands, its phase as it is (a sub-run's parent takes its child's). */
export function saveResultFile(deps: AgentDeps, state: RunState): Promise<void> {
  return deps.store.saveCheckpoint(buildCheckpoint(deps, state, deps.interpreter));
}
