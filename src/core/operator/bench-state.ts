// The retained state document (TOPICS.md, BenchState): what a viewer who subscribes late sees at
// once, defined once as a zod schema (the types are inferred from it) with the tolerant reading an
// operator's client uses. Pure: merging a partial update and folding a progress event into it.
import { z } from 'zod';
import type { ApprovalContext, ApprovalPicture } from '../ports/approval.js';
import type { ProgressEvent } from '../agent/loop/agent-deps.js';

/** The outcome events the loop's operator phase reports (core/agent/loop/operator-phase.ts). */
const OPERATOR_PAUSE = 'operator_pause';
const OPERATOR_RESUME = 'operator_resume';
/**
 * Manual control (issue 39): a person took the bench (the run holds still) and handed it back, or
 * the bench handed it back for them when they sent nothing for mqtt.manualIdleMinutes. The loop
 * audits each as `operator_<command>` (operator-phase.ts).
 */
export const OPERATOR_TAKE = 'operator_take';
export const OPERATOR_HAND_BACK = 'operator_hand_back';

/** Longer screen text is cut: a retained message is re-sent to every new subscriber. */
export const MAX_SCREEN_TEXT = 1000;

export const RUN_STATUSES = [
  'running',
  'paused',
  'submitted',
  'answered',
  'budget_exhausted',
  'cancelled',
  'handed_over',
  'halted',
] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

const boxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const runSummarySchema = z.object({
  runId: z.string(),
  continuationId: z.string().optional(),
  task: z.string(),
  goal: z.string(),
  /** What drives the run: a task's script, the bench's LLM, or an MCP client (benchhand mcp). */
  interpreter: z.enum(['script', 'llm', 'mcp']),
  status: z.enum(RUN_STATUSES),
  step: z.number(),
  phase: z.string(),
  stepsUsed: z.number(),
  maxSteps: z.number(),
  elapsedMs: z.number(),
  deadlineMs: z.number(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const lastActionSchema = z.object({
  tool: z.string(),
  summary: z.string(),
  /** "pending" between the call and its outcome. */
  status: z.string(),
  at: z.string(),
});
export type LastAction = z.infer<typeof lastActionSchema>;

/** The screen's and dialog's titles, the element the tap would hit and the point (device px): ApprovalContext. */
const approvalContextSchema = z.object({
  screenTitle: z.string().optional(),
  region: z.object({ kind: z.string(), title: z.string().optional() }).optional(),
  element: z.object({ kind: z.string(), text: z.string(), box: boxSchema }).optional(),
  point: z.object({ x: z.number(), y: z.number() }).optional(),
}) satisfies z.ZodType<ApprovalContext>;

/** A small JPEG of the camera picture around the tap, the point marked (base64): ApprovalPicture. */
const approvalPictureSchema = z.object({
  format: z.literal('jpeg'),
  base64: z.string(),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<ApprovalPicture>;

export const pendingApprovalViewSchema = z.object({
  id: z.string(),
  tool: z.string(),
  summary: z.string(),
  rule: z.string(),
  since: z.string(),
  context: approvalContextSchema.optional(),
  picture: approvalPictureSchema.optional(),
});
export type PendingApprovalView = z.infer<typeof pendingApprovalViewSchema>;

/** How a request ended: who answered first (or the bench, on a timeout or cancel), kept so a later answer is told. */
export const answeredApprovalSchema = z.object({
  id: z.string(),
  tool: z.string(),
  summary: z.string(),
  approved: z.boolean(),
  by: z.string(),
  at: z.string(),
  reason: z.string().optional(),
});
export type AnsweredApproval = z.infer<typeof answeredApprovalSchema>;

/** The retained state as a bench publishes it. */
export const benchStateSchema = z.object({
  benchId: z.string(),
  at: z.string(),
  online: z.boolean(),
  run: runSummarySchema.nullable(),
  lastAction: lastActionSchema.nullable(),
  lastScreenText: z.string().nullable(),
  pendingApproval: pendingApprovalViewSchema.nullable(),
  /** How the last approval request ended: approved or denied, and by whom (the first answer). */
  lastApprovalAnswer: answeredApprovalSchema.nullable(),
  estopped: z.boolean(),
});
export type BenchState = z.infer<typeof benchStateSchema>;

/**
 * The state as an operator's client reads it off the broker: benches of another version may
 * publish a little more or less, so every field may be missing, a field of the wrong type is left
 * out rather than the whole state refused, and the run, action and approval may be partial.
 */
export const receivedBenchStateSchema = z.object({
  benchId: z.string().optional().catch(undefined),
  at: z.string().optional().catch(undefined),
  online: z.boolean().optional().catch(undefined),
  run: runSummarySchema.partial().nullable().optional().catch(undefined),
  lastAction: lastActionSchema.partial().nullable().optional().catch(undefined),
  lastScreenText: z.string().nullable().optional().catch(undefined),
  pendingApproval: pendingApprovalViewSchema.partial().nullable().optional().catch(undefined),
  lastApprovalAnswer: answeredApprovalSchema.partial().nullable().optional().catch(undefined),
  estopped: z.boolean().optional().catch(undefined),
});
export type ReceivedBenchState = z.infer<typeof receivedBenchStateSchema>;

/** A retained state message's payload as read by an operator, or undefined when it is not a JSON object. */
export function readBenchState(payload: string): ReceivedBenchState | undefined {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const parsed = receivedBenchStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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
      if ((event.tool === OPERATOR_PAUSE || event.tool === OPERATOR_TAKE) && event.status === 'ok')
        return { lastAction, run: { status: 'paused' } };
      if ((event.tool === OPERATOR_RESUME || event.tool === OPERATOR_HAND_BACK) && event.status === 'ok')
        return { lastAction, run: { status: 'running' } };
      return { lastAction };
    }
    case 'approval':
    case 'evidence':
      return undefined;
  }
}
