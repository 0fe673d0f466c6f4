// The retained BenchState (TOPICS.md; its one definition is src/core/operator/bench-state.ts) as
// the operator's client reads it: tolerant of missing or extra fields, since benches of another
// version may publish a little more or less.
import type {
  BenchState as PublishedState,
  LastAction as PublishedLastAction,
  PendingApprovalView,
  RunSummary as PublishedRun,
} from '../../core/operator/bench-state.js';

export type RunSummary = Partial<PublishedRun>;
export type LastAction = Partial<PublishedLastAction>;
export type PendingApproval = Partial<PendingApprovalView>;

export type BenchState = Partial<Omit<PublishedState, 'run' | 'lastAction' | 'pendingApproval'>> & {
  run?: RunSummary | null;
  lastAction?: LastAction | null;
  pendingApproval?: PendingApproval | null;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The payload as a BenchState, or undefined when it is not a JSON object. */
export function parseBenchState(payload: Buffer | string): BenchState | undefined {
  try {
    const value: unknown = JSON.parse(payload.toString());
    return isObject(value) ? (value as BenchState) : undefined;
  } catch {
    return undefined;
  }
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
