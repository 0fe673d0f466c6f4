// Everything the loop needs, handed in by the composition root (src/app). Only ports: the loop
// never knows whether it drives a real rig or the virtual bench.
import type { ApprovalPort } from '../../ports/approval.js';
import type { Clock } from '../../ports/clock.js';
import type { EmergencyStopRecord, McuPort } from '../../ports/mcu.js';
import type { Observation, ObserverPort } from '../../ports/observer.js';
import type { OperatorPort } from '../../ports/operator.js';
import type { RunStore } from '../../ports/run-store.js';
import type { GuardrailConfig } from '../guard/guardrail-config.js';
import type { PreApproval } from '../guard/pre-approval.js';
import type { Interpreter } from '../interpreters/interpreter.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { FindingInput, TaskInputs } from '../tools/tool.js';
import type { RunError, StepRecord } from '../run-state.js';
import type { CitationCheck } from '../evidence/citation.js';

export interface Point {
  x: number;
  y: number;
}

export type ProgressEvent =
  | { type: 'step'; step: number; phase: string }
  | { type: 'call'; step: number; tool: string; summary: string }
  | { type: 'outcome'; step: number; tool: string; status: string; content: string; durationMs: number }
  | { type: 'approval'; step: number; tool: string; summary: string; approved: boolean; by: string }
  /** A claim's citations checked on a fresh frame before the run may end on it. */
  | { type: 'evidence'; step: number; claim: string; held: boolean; citations: CitationCheck[] };

export interface AgentDeps {
  mcu: McuPort;
  observer: ObserverPort;
  store: RunStore;
  clock: Clock;
  approvals: ApprovalPort;
  interpreter: Interpreter;
  tools: ToolRegistry;
  guardrails: GuardrailConfig;
  /** The task's own pre-approvals (one element on one screen each), for unattended runs. */
  preApprovals?: readonly PreApproval[];
  /**
   * The task lets a step swipe a heads-up notification away (TaskDefinition.dismissNotifications):
   * a wait past its limit ends then, notification or not, so the step swipes instead of waiting on.
   */
  dismissNotifications?: boolean;
  /** Device pixels to actuator units (the calibration). */
  toActuator(point: Point): Point;
  recordFinding(finding: FindingInput): Promise<string>;
  /** Keeps a named picture in the run's record (the flow's screenshot step); says where. */
  keepScreenshot?(name: string, observation: Observation): Promise<string>;
  inputs: TaskInputs;
  /** Wall-clock time for records people read (ISO 8601). */
  wallClock(): string;
  newId(): string;
  onProgress?(event: ProgressEvent): void;
  /** A person's pause, resume, stop and redirect, applied at safe points. */
  operator?: OperatorPort;
  /** A person holding the bench by hand who sends nothing this long has it handed back (operator-phase.ts; default 10 min). */
  manualIdleLimitMs?: number;
  /** The bench's durable e-stop: while it is latched the run holds still and a resume is refused. */
  emergencyStop?: EmergencyStopRecord;
  /**
   * Called as a step enters each phase. Crash tests use it to kill the process at an exact
   * point (BENCHHAND_CRASH_AT); nothing else should.
   */
  phaseHook?(phase: string, step: number): void;
  signal: AbortSignal;
  /** A fresh interpreter for an explore sub-run (LLM mode); absent, explore is unavailable. */
  explorer?(goal: string, tools: ToolRegistry): Interpreter;
}

export interface TaskSpec {
  goal: string;
  /** The task's name or file, for the record. */
  task: string;
  /** Continues a saved run: the same execution chain, its step count, what it completed and what went wrong. */
  resume?: {
    continuationId: string;
    step: number;
    completed: StepRecord[];
    errors: RunError[];
    lastCommandId?: number | null;
  };
}
