// The one outer loop, for a run and for a run nested in one of its calls (an exploration): at each
// safe point the budgets and the operator (pause, stop, redirect, a latched e-stop), then one step
// (step.ts), then the checkpoint — until something ends it. What differs is handed in: the step's
// policy, the checkpoint, and for a nested run the parent's interpreter (a redirect steers the
// task, so it goes there and ends the nested run).
import type { RunState } from '../run-state.js';
import type { Termination, ToolOutcome } from '../types.js';
import type { AgentDeps } from './agent-deps.js';
import type { CallGuards } from './call-guards.js';
import { checkBudgets } from './guard-phase.js';
import type { Observations } from './observe-phase.js';
import { applyOperatorCommands, type ManualControl, type NestedRun } from './operator-phase.js';
import { runStep, type StepPolicy } from './step.js';

export interface LoopPolicy {
  /** The step's policy for this step (built per step: a run's answer reads the state of the moment). */
  step(): StepPolicy;
  /** After each step: the checkpoint (a run's own, or its parent's record for a nested run). */
  checkpoint(): Promise<void>;
  /** Set for a run nested in a call of another. */
  nested?: NestedRun;
  /** A person's actions through the step while they hold the bench (manual-control.ts); a run without it cannot be taken. */
  manual?: ManualControl;
}

/** Runs steps from `state.step` until a termination; budgets count from `firstStep` and `state.startedAt`. */
export async function runSteps(
  deps: AgentDeps,
  state: RunState,
  looks: Observations,
  guards: CallGuards,
  firstStep: number,
  policy: LoopPolicy,
): Promise<Termination> {
  let results: ToolOutcome[] = [];
  while (!state.termination) {
    state.termination =
      checkBudgets(state.step - firstStep, deps.clock.now() - state.startedAt, deps.guardrails, deps.signal) ??
      (await applyOperatorCommands(deps, state, policy.nested, policy.manual));
    if (state.termination) break;
    state.step++;
    state.termination = await runStep(deps, state, looks, guards, results, policy.step()).then(
      (r) => {
        results = r.results;
        return r.termination;
      },
      (error: Error) => halt(state, error),
    );
    await policy.checkpoint();
  }
  return state.termination;
}

function halt(state: RunState, error: Error): Termination {
  state.error('run_halted', error.message);
  return { kind: 'halted', reason: error.message };
}
