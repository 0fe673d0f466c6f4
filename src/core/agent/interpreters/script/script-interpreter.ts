// The deterministic interpreter: runs a task's steps in order. A step whose effect does not
// show is retried (the loop has looked again in between); past its retries the run halts.
// `if` steps branch on what is on the screen now; interrupts (pop-up handlers) run whenever their
// condition shows, before the next regular step. The position is saved in every checkpoint.
import { screenChange } from '../../../vision/screen-change.js';
import { findElements } from '../../../vision/match-elements.js';
import type { Observation } from '../../../ports/observer.js';
import type { Condition, Interrupt, ScriptStep, TaskDefinition } from '../../task/task-schema.js';
import type { Decision, ToolOutcome } from '../../types.js';
import type { InterpretInput, Interpreter } from '../interpreter.js';
import { describeStep, fillPlaceholders, missingPlaceholders, placeArgs, toToolCall, type ActionStep } from './step-to-call.js';

/** Where the script is: the index in each nested list of steps, outermost first. */
export interface ScriptCursor { path: { index: number; branch?: 'then' | 'else' }[]; attempts: number }

// A refused submit (its evidence not on screen) is tried once more on a fresh look; the second refusal hands over.
const RETRYABLE = new Set(['verify_failed', 'not_found', 'observation_problem', 'timeout', 'device_error', 'error', 'unsupported_claim']);
/** An interrupt that keeps firing is not a pop-up any more but a loop. */
const MAX_INTERRUPT_FIRINGS = 5;

/** A condition is looked for anywhere the app draws (pop-ups included), as a whole element unless it says contains. */
const showsCondition = (observation: Observation, condition: Condition, inputs: Record<string, string>): boolean => {
  const fill = (text: string) => fillPlaceholders(text, inputs);
  const text = fill(condition.screen_has ?? condition.screen_lacks!);
  const present = findElements(observation.screen, { in: 'anywhere', text, ...placeArgs(condition, fill) }).matches.length > 0;
  return present === (condition.screen_has !== undefined);
};

/** A focus tap: tapping a field so typing goes there. Harmless to repeat. */
const isFocusTap = (step: ActionStep): boolean => ('tap' in step || 'tap_point' in step) && 'expect_change' in step && step.expect_change === false;

export class ScriptInterpreter implements Interpreter {
  readonly kind = 'script' as const;
  private path: ScriptCursor['path'];
  private attempts: number;
  private awaiting?: string;
  /** A typing step whose effect did not show: retried only if a pop-up turns out to have eaten it. */
  private unverifiedTyping?: Decision;
  /** Steps of an interrupt being handled, and which interrupt. */
  private interrupting?: { index: number; steps: ActionStep[]; attempts: number };
  private readonly firings = new Map<number, number>();
  /** The screen the failed physical step was planned on: it is retried only on that same screen. */
  private retryOn?: Observation;
  /** The last focus tap that worked, to tap again when typing finds no focused field. */
  private lastFocus?: ActionStep;
  /** A focus tap being repeated before a type step is retried. */
  private refocusing = false;

  constructor(private readonly task: TaskDefinition & { steps: ScriptStep[] }, resume?: ScriptCursor) {
    const missing = missingPlaceholders(task.steps, task.inputs);
    if (missing.length) throw new Error(`the task's steps use {${missing.join('}, {')}}, which inputs does not define: add them under inputs`);
    const nested = task.interrupts.findIndex((i) => i.do.some((step) => 'if' in step));
    if (nested >= 0) throw new Error(`interrupts[${nested}].do: an interrupt's steps cannot contain "if"; give it its own interrupt instead`);
    this.path = resume?.path.map((p) => ({ ...p })) ?? [{ index: 0 }];
    this.attempts = resume?.attempts ?? 0;
  }

  /** Picks a saved run up at its cursor, moved on past the steps recovery found finished. */
  static resume(task: TaskDefinition & { steps: ScriptStep[] }, cursor: ScriptCursor, advanceBy: number): ScriptInterpreter {
    const script = new ScriptInterpreter(task, { path: cursor.path, attempts: 0 });
    for (let i = 0; i < advanceBy; i++) script.advance();
    return script;
  }

  async next(input: InterpretInput): Promise<Decision> {
    const verdict = this.judgePrevious(input.results);
    if (verdict) return verdict;
    const interruption = this.nextInterruptStep(input.observation);
    if (interruption) {
      this.unverifiedTyping = undefined;
      return interruption;
    }
    if (this.unverifiedTyping) return this.unverifiedTyping;
    if (this.refocusing && this.lastFocus) return this.refocus();
    for (;;) {
      const step = this.currentStep();
      if (!step) return { kind: 'answer', text: `All steps of the task are done (${this.plannedSteps()} planned).` };
      if (!('if' in step)) return this.retryOn ? this.retryIfSameScreen(step, input.observation) : this.call(step);
      const branch = showsCondition(input.observation, step.if, this.task.inputs) ? 'then' : 'else';
      if (branch === 'else' && !step.else) this.advance();
      else this.path.push({ index: 0, branch });
    }
  }

  cursor(): Record<string, unknown> {
    return { path: this.path.map((p) => ({ ...p })), attempts: this.attempts } satisfies ScriptCursor;
  }

  pending(): string[] {
    const remaining: string[] = [];
    for (let depth = this.path.length - 1; depth >= 0; depth--) {
      const steps = this.stepsAt(depth);
      remaining.push(...steps.slice(this.path[depth]!.index + (depth === this.path.length - 1 ? 0 : 1)).map(describeStep));
    }
    return remaining;
  }

  plannedSteps(): number {
    return this.task.steps.length;
  }

  private nextInterruptStep(observation: Observation): Decision | undefined {
    if (!this.interrupting) {
      const index = this.task.interrupts.findIndex((i: Interrupt) => showsCondition(observation, i.when, this.task.inputs));
      if (index < 0) return undefined;
      const fired = (this.firings.get(index) ?? 0) + 1;
      this.firings.set(index, fired);
      if (fired > MAX_INTERRUPT_FIRINGS) return { kind: 'halt', reason: `interrupt ${index + 1} fired ${fired} times: what it handles keeps coming back` };
      this.interrupting = { index, steps: [...this.task.interrupts[index]!.do] as ActionStep[], attempts: 0 };
    }
    const step = this.interrupting.steps[0]!;
    const { name, args } = toToolCall(step, this.task.inputs);
    this.awaiting = `interrupt-${this.interrupting.index + 1}-try${this.interrupting.attempts + 1}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args) }] };
  }

  private judgeInterrupt(last: ToolOutcome): Decision | undefined {
    const handling = this.interrupting!;
    if (last.status === 'ok') {
      handling.steps.shift();
      handling.attempts = 0;
      if (!handling.steps.length) this.interrupting = undefined;
      return undefined;
    }
    if (RETRYABLE.has(last.status) && handling.attempts < this.task.retries) {
      handling.attempts++;
      return undefined;
    }
    return { kind: 'halt', reason: `interrupt ${handling.index + 1} (${describeStep(handling.steps[0]!)}) failed: ${last.status}: ${last.content.split('\n')[0]}` };
  }

  private judgePrevious(results: ToolOutcome[]): Decision | undefined {
    const last = results.at(-1);
    if (!this.awaiting || !last || last.callId !== this.awaiting) return undefined;
    this.awaiting = undefined;
    if (last.callId.startsWith('interrupt-')) return this.judgeInterrupt(last);
    if (last.callId.startsWith('refocus-')) {
      this.refocusing = false;
      return last.status === 'ok' ? undefined : { kind: 'halt', reason: `tapping the field again before typing failed: ${last.status}: ${last.content.split('\n')[0]}` };
    }
    if (last.status === 'ok') {
      const done = this.currentStep() as ActionStep;
      if (isFocusTap(done)) this.lastFocus = done;
      this.attempts = 0;
      this.retryOn = undefined;
      this.advance();
      return undefined;
    }
    const step = this.currentStep() as ActionStep;
    if (last.status === 'not_focused' && this.lastFocus && this.attempts < (('retries' in step ? step.retries : undefined) ?? this.task.retries)) {
      this.attempts++;
      this.refocusing = true;
      return undefined;
    }
    const explicit = 'retries' in step ? step.retries : undefined;
    const retries = explicit ?? this.task.retries;
    const failed: Decision = { kind: 'halt', reason: `script step ${this.position()} (${describeStep(step)}) failed${this.attempts ? ` after ${this.attempts} retr${this.attempts === 1 ? 'y' : 'ies'}` : ''}: ${last.status}: ${last.content.split('\n')[0]}` };
    if (!RETRYABLE.has(last.status) || this.attempts >= retries) return failed;
    this.attempts++;
    if (last.status === 'verify_failed' && last.plannedOn) this.retryOn = last.plannedOn;
    // Typing again after an unverified type could type twice. Only a pop-up that shows now (an
    // interrupt fires) explains where the keys went; otherwise the step asks for retries itself.
    if ('type' in step && last.status === 'verify_failed' && explicit === undefined) this.unverifiedTyping = failed;
    return undefined;
  }

  /**
   * A physical step whose effect did not show is sent again only on the screen it was planned on:
   * if the screen has changed since, the first try had an effect, and looking the label up again
   * on the new screen could press something else (a confirm button with the same label).
   */
  private retryIfSameScreen(step: ActionStep, now: Observation): Decision {
    const plannedOn = this.retryOn!;
    this.retryOn = undefined;
    const change = screenChange(plannedOn, now);
    if (!change.changed || isFocusTap(step)) return this.call(step);
    return { kind: 'halt', reason: `script step ${this.position()} (${describeStep(step)}) was not retried: the screen changed after the first try (${change.summary}), so it had an effect that did not match what the step expects` };
  }

  private refocus(): Decision {
    const { name, args } = toToolCall(this.lastFocus!, this.task.inputs);
    this.awaiting = `refocus-${this.position()}-try${this.attempts}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args) }] };
  }

  private call(step: ActionStep): Decision {
    const { name, args } = toToolCall(step, this.task.inputs);
    this.awaiting = `script-${this.position()}-try${this.attempts + 1}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args) }] };
  }

  /** Moves past the current step; leaving a finished branch continues after its `if`. */
  private advance(): void {
    this.path[this.path.length - 1]!.index++;
    while (this.path.length > 1 && this.path.at(-1)!.index >= this.stepsAt(this.path.length - 1).length) {
      this.path.pop();
      this.path[this.path.length - 1]!.index++;
    }
  }

  private stepsAt(depth: number): ScriptStep[] {
    let steps = this.task.steps;
    for (let d = 1; d <= depth; d++) {
      const parent = steps[this.path[d - 1]!.index] as Extract<ScriptStep, { if: unknown }>;
      steps = (this.path[d]!.branch === 'then' ? parent.then : parent.else) ?? [];
    }
    return steps;
  }

  private currentStep(): ScriptStep | undefined {
    return this.stepsAt(this.path.length - 1)[this.path.at(-1)!.index];
  }

  private position(): string {
    return this.path.map((p) => `${p.branch ? `${p.branch}.` : ''}${p.index + 1}`).join('/');
  }
}
