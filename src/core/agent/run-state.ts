// The in-memory state of one run: where it is, what it did, what went wrong. The checkpoint
// phase writes it to the result file after every step. Pure.
import type { RunPhase } from '../state/checkpoint.js';
import type { Termination } from './types.js';

export interface StepRecord {
  step: number;
  tool: string;
  summary: string;
  commandId?: number;
}
export interface RunError {
  at: string;
  code: string;
  message: string;
  step: number;
}

export const OUTPUT_TAIL_LINES = 40;

export class RunState {
  step = 0;
  phase: RunPhase = 'starting';
  readonly completed: StepRecord[] = [];
  readonly errors: RunError[] = [];
  readonly outputTail: string[] = [];
  current: { tool: string; args: unknown; commandId?: number } | null = null;
  lastVerifiedScreen: { at: string; step: number; text: string } | null = null;
  /** The last command id allocated for an action (journaled before it is sent). */
  lastCommandId: number | null = null;
  /** The person whose action is going through the step (manual control): journaled as its `by`. */
  actingFor?: string;
  termination?: Termination;
  actionsDone = 0;
  /** The step this session started from (a resume starts past 0): the step budget counts from here. */
  firstStep = 0;

  constructor(
    readonly runId: string,
    readonly continuationId: string,
    readonly goal: string,
    readonly task: string,
    readonly startedAt: number,
    private readonly wallClock: () => string,
  ) {}

  log(line: string): void {
    this.outputTail.push(line);
    if (this.outputTail.length > OUTPUT_TAIL_LINES)
      this.outputTail.splice(0, this.outputTail.length - OUTPUT_TAIL_LINES);
  }

  error(code: string, message: string): void {
    this.errors.push({ at: this.wallClock(), code, message, step: this.step });
    this.log(`error ${code}: ${message}`);
  }

  /** Device access problems seen this session, by code, with how often: remembered, not re-reported. */
  readonly deviceProblems = new Map<string, { firstAt: string; lastAt: string; count: number; message: string }>();

  /**
   * A device access problem (camera dead, MCU unreachable, screen unreadable) is a first-class
   * record: saved as an error the first time (code device_*), then only counted, so a failure
   * that repeats every step does not flood the record. Returns how often it has happened.
   */
  deviceProblem(code: string, message: string): number {
    const now = this.wallClock();
    const known = this.deviceProblems.get(code);
    if (known) {
      known.count++;
      known.lastAt = now;
      return known.count;
    }
    this.deviceProblems.set(code, { firstAt: now, lastAt: now, count: 1, message });
    this.error(`device_${code}`, message);
    return 1;
  }
}
