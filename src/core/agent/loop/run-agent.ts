// The loop: observe -> interpret -> (guard -> journal -> act -> verify per call) -> checkpoint,
// until the interpreter answers or submits, a budget runs out, or something outside cancels.
// The outer loop is run-steps.ts and the step step.ts, both shared with an exploration
// (explore/sub-run.ts), a run nested in one call, under its own policy.
import { RepeatedCalls, ToolFailures } from '../guard/policies.js';
import { RunState } from '../run-state.js';
import { summarise, type RunSummary } from '../run-summary.js';
import type { Termination, ToolOutcome } from '../types.js';
import type { AgentDeps, TaskSpec } from './agent-deps.js';
import { callTool, type CallGuards } from './call-tool.js';
import { EvidenceGate } from './evidence-phase.js';
import { citationsInAnswer } from '../evidence/answer-citations.js';
import { recordCheckpoint, recordRunStart, recordStepEnd } from './step-record.js';
import type { StepPolicy, StepResult } from './step.js';
import { Observations } from './observe-phase.js';
import { runSteps } from './run-steps.js';
import { manualControl } from './manual-control.js';

export async function runAgent(deps: AgentDeps, task: TaskSpec): Promise<RunSummary> {
  const state = new RunState(
    deps.newId(),
    task.resume?.continuationId ?? deps.newId(),
    task.goal,
    task.task,
    deps.clock.now(),
    deps.wallClock,
  );
  if (task.resume) {
    state.step = task.resume.step;
    state.completed.push(...task.resume.completed);
    state.errors.push(...task.resume.errors);
    state.lastCommandId = task.resume.lastCommandId ?? null;
    state.log(`resumed at step ${task.resume.step}`);
  }
  const looks = new Observations(deps, state);
  const guards: CallGuards = {
    repeated: new RepeatedCalls(deps.guardrails.repeatLimit),
    failures: new ToolFailures(deps.guardrails),
    evidence: new EvidenceGate(),
  };
  state.log(`run ${state.runId} (chain ${state.continuationId}): ${task.goal}`);
  await recordRunStart(deps, state);
  await recordCheckpoint(deps, state);
  const firstStep = state.step;
  state.firstStep = firstStep;
  await runSteps(deps, state, looks, guards, firstStep, {
    step: (): StepPolicy => ({ announce: true, answer: (text) => answer(deps, state, looks, guards, text), callTool }),
    checkpoint: () => recordStepEnd(deps, state),
    manual: manualControl(deps, state, looks, guards, callTool),
  });
  await recordCheckpoint(deps, state);
  return summarise(state, deps.clock.now() - state.startedAt, deps.interpreter.progress());
}

/** An LLM's plain final answer ends the run only when its "Evidence:" line holds on a fresh look. */
async function answer(
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  text: string,
): Promise<StepResult> {
  if (deps.interpreter.kind === 'script') return { results: [], termination: { kind: 'answered', text } };
  const parsed = citationsInAnswer(text);
  const verdict = await guards.evidence.judge(
    deps,
    state,
    looks,
    'final answer',
    parsed.ok ? parsed.citations : undefined,
    parsed.ok ? undefined : parsed.problem,
  );
  // Not a tool call, so no audit line: the refusal is in the saved errors, the accepted evidence in the result.
  if (verdict.accepted) return { results: [], termination: { kind: 'answered', text, evidence: verdict.evidence } };
  const refused: ToolOutcome = {
    callId: FINAL_ANSWER,
    tool: FINAL_ANSWER,
    status: 'unsupported_claim',
    content: verdict.message,
  };
  return { results: [refused], ...(verdict.termination ? { termination: verdict.termination } : {}) };
}

/** The id a refused plain final answer travels under back to the interpreter. */
export const FINAL_ANSWER = 'final_answer';
