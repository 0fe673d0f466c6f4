// The retained BenchState (TOPICS.md) as the operator's client reads it: tolerant of missing or
// extra fields, since benches of another version may publish a little more or less.
export interface RunSummary {
  runId?: string;
  status?: string;
  step?: number;
  phase?: string;
  stepsUsed?: number;
  maxSteps?: number;
  goal?: string;
}

export interface LastAction {
  tool?: string;
  summary?: string;
  status?: string;
  at?: string;
}
export interface PendingApproval {
  id?: string;
  tool?: string;
  summary?: string;
  rule?: string;
  since?: string;
}

export interface BenchState {
  benchId?: string;
  at?: string;
  online?: boolean;
  run?: RunSummary | null;
  lastAction?: LastAction | null;
  lastScreenText?: string | null;
  pendingApproval?: PendingApproval | null;
  estopped?: boolean;
}

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
