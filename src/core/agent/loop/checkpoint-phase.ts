// Checkpoint: the result file after every step, so a run can die at any instant and be
// picked up from the facts (never from the transcript). Written by step-record.ts.
import { CHECKPOINT_SCHEMA_VERSION, type Checkpoint } from '../../state/checkpoint.js';
import type { Interpreter } from '../interpreters/interpreter.js';
import type { RunState } from '../run-state.js';
import type { Termination } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { CitationCheck } from '../evidence/citation.js';

const statusOf = (termination: Termination | undefined): Checkpoint['status'] => termination?.kind ?? 'running';

export function buildCheckpoint(deps: AgentDeps, state: RunState, interpreter: Interpreter): Checkpoint {
  const termination = state.termination;
  return {
    schemaVersion: CHECKPOINT_SCHEMA_VERSION,
    continuationId: state.continuationId,
    runId: state.runId,
    savedAt: deps.wallClock(),
    state: {
      goal: state.goal,
      task: state.task,
      interpreter: interpreter.kind,
      phase: state.phase,
      step: state.step,
      completed: [...state.completed],
      pending: interpreter.pending(),
      current: state.current,
      lastCommandId: state.lastCommandId,
      cursor: interpreter.cursor(),
    },
    errors: [...state.errors],
    outputTail: [...state.outputTail],
    lastVerifiedScreen: state.lastVerifiedScreen,
    budgets: {
      stepsUsed: state.step,
      maxSteps: deps.guardrails.maxSteps,
      elapsedMs: Math.round(deps.clock.now() - state.startedAt),
      deadlineMs: deps.guardrails.deadlineMs,
    },
    status: statusOf(termination),
    ...(termination?.kind === 'submitted'
      ? { result: withEvidence(termination.result, termination.evidence) }
      : termination?.kind === 'answered'
        ? { result: withEvidence({ answer: termination.text }, termination.evidence) }
        : {}),
  };
}

/** The result with the citations that backed it, as checked (absent when none were asked for). */
function withEvidence(result: unknown, evidence: readonly CitationCheck[] | undefined): unknown {
  if (!evidence?.length || !result || typeof result !== 'object') return result;
  return { ...result, evidence };
}
