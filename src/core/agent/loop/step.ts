// One step, the same for the main run and an exploration: observe, interpret, then each tool call
// through callTool (guard, journal, act, verify), until one ends the run. What differs between the
// two is policy, handed in: whether watchers hear of the step, what a plain answer ends as, and the
// callTool to use (an exploration's is handed to it, so this file imports no tool call: no cycle).
import type { RunState } from '../run-state.js';
import type { Termination, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { CallGuards, CallTool } from './call-guards.js';
import type { Observations } from './observe-phase.js';
import { canonicalJson } from '../guard/policies.js';
import { maskSecret } from '../redact-secrets.js';
import { enterPhase } from './step-record.js';

export interface StepResult {
  results: ToolOutcome[];
  termination?: Termination;
}

export interface StepPolicy {
  /** Watchers hear of each step (the main run; an exploration is one call of its parent's). */
  announce: boolean;
  /** What a plain answer ends as: the main run's goes through the evidence gate, an exploration's is its report. */
  answer(text: string): Promise<StepResult>;
  callTool: CallTool;
}

export async function runStep(
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  previous: ToolOutcome[],
  policy: StepPolicy,
): Promise<StepResult> {
  if (policy.announce) deps.onProgress?.({ type: 'step', step: state.step, phase: 'observe' });
  enterPhase(deps, state, 'observe');
  const observation = await looks.look();
  enterPhase(deps, state, 'interpret');
  const decision = await deps.interpreter.next(
    { step: state.step, goal: state.goal, observation, results: previous },
    deps.signal,
  );
  if (deps.signal.aborted) return { results: [], termination: cancelled(deps) };
  if (decision.kind === 'halt') {
    state.error(decision.code ?? 'interpreter_halted', decision.reason);
    return { results: [], termination: { kind: 'halted', reason: decision.reason } };
  }
  if (decision.kind === 'answer') {
    state.log(`answer: ${decision.text.slice(0, 200)}`);
    return policy.answer(decision.text);
  }
  const results: ToolOutcome[] = [];
  for (const call of decision.calls) {
    if (deps.signal.aborted) return { results, termination: cancelled(deps) };
    state.log(`call ${call.name} ${safeArgs(call.argumentsJson)}`);
    const outcome = await policy.callTool(deps, state, looks, guards, call);
    results.push(outcome);
    if (outcome.termination) return { results, termination: outcome.termination };
    // After an exploration the device may have moved: the rest of this reply was decided before it.
    if (outcome.stopReply) return { results };
  }
  return { results };
}

const cancelled = (deps: AgentDeps): Termination => ({
  kind: 'cancelled',
  reason: String(deps.signal.reason ?? 'cancelled'),
});

function safeArgs(json: string): string {
  try {
    return canonicalJson(maskSecret(JSON.parse(json) as unknown)).slice(0, 160);
  } catch {
    return json.slice(0, 80);
  }
}
