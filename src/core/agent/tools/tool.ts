// A tool the interpreter may call: its zod schema is both the validator and what the model sees,
// and its description is written as a prompt. Physical tools only *plan* an action; the loop
// journals, performs and verifies it, so no tool can move the device around the guardrails.
import type { z } from 'zod';
import type { Clock } from '../../ports/clock.js';
import type { Observation, ObserveOptions } from '../../ports/observer.js';
import type { JournalExpectation, PhysicalAction, RunStore } from '../../ports/run-store.js';
import type { Termination, ToolStatus } from '../types.js';
import type { LastTap, TapHit } from './tap-hit.js';

/** What must show on screen after an action for it to count as done. */
export type Expectation = JournalExpectation;

export type { TapHit };

type Point = { x: number; y: number };

export type DeviceAction =
  | { kind: 'tap'; device: Point; holdMs?: number; target?: string; hit?: TapHit }
  | { kind: 'long_press'; device: Point; durationMs: number; target?: string; hit?: TapHit }
  /** hit / endHit: what the first and the last point would land on (a drag's item and its drop place). */
  | {
      kind: 'swipe';
      device: Point[];
      durationMs: number;
      holdMs?: number;
      target?: string;
      endTarget?: string;
      hit?: TapHit;
      endHit?: TapHit;
    }
  | Exclude<PhysicalAction, { kind: 'tap' | 'long_press' | 'swipe' }>;

/** Where an action touches the glass and what it would hit there: a tap's or long press's point, a swipe's start and end. */
export function touchPoints(action: DeviceAction): { point: Point; hit?: TapHit; target?: string }[] {
  if (action.kind === 'tap' || action.kind === 'long_press')
    return [{ point: action.device, hit: action.hit, target: action.target }];
  if (action.kind !== 'swipe') return [];
  return [
    { point: action.device[0]!, hit: action.hit, target: action.target },
    { point: action.device.at(-1)!, hit: action.endHit, target: action.endTarget },
  ];
}

export interface ActionPlan {
  action: DeviceAction;
  expectation: Expectation;
  /** In words, for the audit log, approvals and the model ("tap on "Connect" at 540,1210"). */
  summary: string;
  verifyTimeoutMs?: number;
  /** The whole box of the element a tap means: the guard may move the aim inside it, away from a risky neighbour. */
  aimBox?: { x: number; y: number; width: number; height: number };
  /** Typing the rest of a text: how many of its characters an earlier, e-stopped try typed (the MCU's count). */
  alreadyTyped?: number;
}

export interface ToolContext {
  /** The latest look at the device. */
  observation(): Observation;
  /** Look again (the result becomes the latest). */
  observe(options?: ObserveOptions): Promise<Observation>;
  store: RunStore;
  clock: Clock;
  signal: AbortSignal;
  recordFinding(finding: FindingInput): Promise<string>;
  /** The last tap of this run and what the screen showed right after it (for the typing focus rule). */
  lastTap(): LastTap | undefined;
  /** The task's inputs, for {placeholders} in typed text; secret ones are never shown or logged. */
  inputs: TaskInputs;
  /** The task lets a step swipe a heads-up notification away: a wait past its limit does not wait on for it to leave. */
  dismissNotifications?: boolean;
  /** Keeps a look in the run's record under a name (the screenshot step); absent where nothing keeps pictures. */
  keepScreenshot?(name: string, observation: Observation): Promise<string>;
  /** Runs an exploring sub-run (LLM mode only) and returns its capped report. */
  explore?(goal: string, maxSteps: number): Promise<ToolReply>;
}

export interface TaskInputs {
  values: Readonly<Record<string, string>>;
  secrets: ReadonlySet<string>;
}

export interface FindingInput {
  kind: string;
  subject: string;
  screen: string;
  detail: string;
  severity: 'info' | 'minor' | 'major' | 'critical';
}

export type ToolReply =
  | { status: 'ok'; content: string; data?: unknown; termination?: Termination; stopReply?: boolean }
  | { status: Exclude<ToolStatus, 'ok'>; content: string; data?: unknown };

export type PlanReply = { ok: true; plan: ActionPlan } | { ok: false; reply: ToolReply };

interface ToolBase<Schema extends z.ZodType> {
  name: string;
  description: string;
  input: Schema;
  timeoutMs: number;
}

export interface ActionTool<Schema extends z.ZodType = z.ZodType> extends ToolBase<Schema> {
  kind: 'action';
  plan(args: z.output<Schema>, context: ToolContext): PlanReply;
}

export interface InfoTool<Schema extends z.ZodType = z.ZodType> extends ToolBase<Schema> {
  kind: 'info';
  run(args: z.output<Schema>, context: ToolContext): Promise<ToolReply>;
}

export type Tool = ActionTool | InfoTool;

export const defineActionTool = <S extends z.ZodType>(tool: Omit<ActionTool<S>, 'kind'>): ActionTool =>
  ({ ...tool, kind: 'action' }) as unknown as ActionTool;
export const defineInfoTool = <S extends z.ZodType>(tool: Omit<InfoTool<S>, 'kind'>): InfoTool =>
  ({ ...tool, kind: 'info' }) as unknown as InfoTool;
