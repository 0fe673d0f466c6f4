// The retained state document (TOPICS.md, BenchState): what a viewer who subscribes late sees at
// once. Pure: merging a partial update and folding a progress event into it.
import type { ApprovalContext, ApprovalPicture } from '../ports/approval.js';
import type { ProgressEvent } from '../agent/loop/agent-deps.js';

/** The outcome events the loop's operator phase reports (core/agent/loop/operator-phase.ts). */
const OPERATOR_PAUSE = 'operator_pause';
const OPERATOR_RESUME = 'operator_resume';

/** Longer screen text is cut: a retained message is re-sent to every new subscriber. */
export const MAX_SCREEN_TEXT = 1000;

export type RunStatus =
  'running' | 'paused' | 'submitted' | 'answered' | 'budget_exhausted' | 'cancelled' | 'handed_over' | 'halted';

export interface RunSummary {
  runId: string;
  continuationId?: string;
  task: string;
  goal: string;
  interpreter: 'script' | 'llm';
  status: RunStatus;
  step: number;
  phase: string;
  stepsUsed: number;
  maxSteps: number;
  elapsedMs: number;
  deadlineMs: number;
}

export interface LastAction {
  tool: string;
  summary: string;
  /** "pending" between the call and its outcome. */
  status: string;
  at: string;
}

export interface PendingApprovalView {
  id: string;
  tool: string;
  summary: string;
  rule: string;
  since: string;
  /** The screen's and dialog's titles, the element the tap would hit and the point (device px). */
  context?: ApprovalContext;
  /** A small JPEG of the camera picture around the tap, the point marked (base64). */
  picture?: ApprovalPicture;
}

/** How a request ended: who answered first (or the bench, on a timeout or cancel), kept so a later answer is told. */
export interface AnsweredApproval {
  id: string;
  tool: string;
  summary: string;
  approved: boolean;
  by: string;
  at: string;
  reason?: string;
}

export interface BenchState {
  benchId: string;
  at: string;
  online: boolean;
  run: RunSummary | null;
  lastAction: LastAction | null;
  lastScreenText: string | null;
  pendingApproval: PendingApprovalView | null;
  /** How the last approval request ended: approved or denied, and by whom (the first answer). */
  lastApprovalAnswer: AnsweredApproval | null;
  estopped: boolean;
}

/** What callers may change: everything but the bench id and the time, which the bench sets. `run` merges field by field when a run is already shown. */
export type BenchStateUpdate = Partial<Omit<BenchState, 'benchId' | 'at' | 'run'>> & {
  run?: Partial<RunSummary> | null;
};

export function initialBenchState(benchId: string, at: string): BenchState {
  return {
    benchId,
    at,
    online: true,
    run: null,
    lastAction: null,
    lastScreenText: null,
    pendingApproval: null,
    lastApprovalAnswer: null,
    estopped: false,
  };
}

export function mergeBenchState(state: BenchState, update: BenchStateUpdate, at: string): BenchState {
  const { run, ...rest } = update;
  const next: BenchState = { ...state, ...rest, at };
  if (run === null) next.run = null;
  else if (run !== undefined) next.run = state.run ? { ...state.run, ...run } : (run as RunSummary);
  if (typeof next.lastScreenText === 'string' && next.lastScreenText.length > MAX_SCREEN_TEXT) {
    next.lastScreenText = next.lastScreenText.slice(0, MAX_SCREEN_TEXT);
  }
  return next;
}

/**
 * The state change a progress event implies, so the app need not mirror every event by hand:
 * a step moves step/phase, a call shows the action as pending, an outcome gives it its status.
 * Undefined when the event changes nothing shown.
 */
export function stateUpdateForProgress(
  state: BenchState,
  event: ProgressEvent,
  at: string,
): BenchStateUpdate | undefined {
  switch (event.type) {
    case 'step':
      // A run the app did not show yet is shown from its progress: status, step and phase only.
      return {
        run: {
          ...(state.run ? {} : { status: 'running' as const }),
          step: event.step,
          phase: event.phase,
          stepsUsed: Math.max(state.run?.stepsUsed ?? 0, event.step),
        },
      };
    case 'call':
      return { lastAction: { tool: event.tool, summary: event.summary, status: 'pending', at } };
    case 'outcome': {
      const summary = state.lastAction?.tool === event.tool ? state.lastAction.summary : event.tool;
      const lastAction = { tool: event.tool, summary, status: event.status, at };
      // The loop reports a pause (a person's, or an e-stop's) when it takes effect at a safe
      // point, and a resume likewise: the state says so from then until the other one.
      if (event.tool === OPERATOR_PAUSE && event.status === 'ok') return { lastAction, run: { status: 'paused' } };
      if (event.tool === OPERATOR_RESUME && event.status === 'ok') return { lastAction, run: { status: 'running' } };
      return { lastAction };
    }
    case 'approval':
    case 'evidence':
      return undefined;
  }
}
