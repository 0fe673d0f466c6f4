// The retained BenchState (TOPICS.md; its one definition, a zod schema, is
// src/core/operator/bench-state.ts) as the operator's client reads and describes it: tolerant of
// missing, extra or mistyped fields, since benches of another version may publish a little more or less.
import { readBenchState, type ReceivedBenchState } from '../../core/operator/bench-state.js';

export type BenchState = ReceivedBenchState;
type RunSummary = NonNullable<BenchState['run']>;
type LastAction = NonNullable<BenchState['lastAction']>;
type PendingApproval = NonNullable<BenchState['pendingApproval']>;

/** The payload as a BenchState (core/operator/bench-state.ts receivedBenchStateSchema), or undefined when it is not a JSON object. */
export function parseBenchState(payload: Buffer | string): BenchState | undefined {
  return readBenchState(payload.toString());
}

export function describeRun(run: RunSummary | null | undefined): string {
  if (!run) return 'idle (no run)';
  const steps =
    run.maxSteps !== undefined ? `step ${run.step ?? run.stepsUsed ?? '?'}/${run.maxSteps}` : `step ${run.step ?? '?'}`;
  return [run.status ?? 'unknown status', steps, run.phase ? `phase ${run.phase}` : undefined]
    .filter(Boolean)
    .join(', ');
}

export function describeLastAction(action: LastAction | null | undefined): string {
  if (!action) return 'none yet';
  const what = [action.tool, action.summary].filter(Boolean).join(': ') || 'unnamed action';
  return action.status ? `${what} (${action.status})` : what;
}

export function describeApproval(approval: PendingApproval | null | undefined): string | undefined {
  if (!approval) return undefined;
  const what = [approval.tool, approval.summary].filter(Boolean).join(': ');
  return `${approval.id ?? '(no id)'}${what ? ` (${what}${approval.rule ? `; rule ${approval.rule}` : ''})` : ''}`;
}
