// The deterministic interpreter: runs a task's steps in order. A step whose effect does not
// show is retried (the loop has looked again in between); past its retries the run halts.
// `if` steps branch on what is on the screen now; interrupts (pop-up handlers) run whenever their
// condition shows, before the next regular step. Control steps (assertions, run_flow, repeat,
// wait_for_stable) are run here by looking; any step with `when` is skipped when its condition
// does not show as the step is reached. The position is saved in every checkpoint.
import { screenChange } from '../../../vision/screen-change.js';
import type { Observation } from '../../../ports/observer.js';
import {
  DEFAULT_ASSERT_TIMEOUT_MS,
  DEFAULT_STABLE_QUIET_MS,
  DEFAULT_STABLE_TIMEOUT_MS,
  isControlStep,
} from '../../task/flow-steps.js';
import type { Interrupt, ScriptStep, TaskDefinition } from '../../task/task-schema.js';
import type { Decision, ToolOutcome } from '../../types.js';
import type { InterpretInput, Interpreter } from '../interpreter.js';
import { isScrollUntilVisible, judgeScrollSwipe } from './scroll-until-visible.js';
import { assertionProblem, repeatVerdict, showsCondition } from './control-steps.js';
import { FlowCursor, type CursorEntry } from './flow-cursor.js';
import type { EstopData } from '../../loop/estop-interruption.js';
import { describeStep, fillPlaceholders, missingPlaceholders, toToolCall, type ActionStep } from './step-to-call.js';
import { settleLook, unsafeRetry } from './retry-safety.js';
import { awaitedBy, lookAgainCall, mayClearNotification, swipeAwayCall, type Awaited } from './notification-away.js';

/** Where the script is: the index in each nested list of steps, outermost first. */
export interface ScriptCursor {
  path: CursorEntry[];
  attempts: number;
  /** Characters of the current type step an e-stopped try typed (the MCU's count): only the rest is typed. */
  estopTyped?: number;
}

type AssertStep = Extract<ScriptStep, { assert_visible: unknown } | { assert_not_visible: unknown }>;
type StableStep = Extract<ScriptStep, { wait_for_stable: unknown }>;
/** An assertion or wait_for_stable looking again: since when (observation time), and for which step. */
interface Looking {
  position: string;
  since: number;
  looks: number;
  lastChange?: string;
}

// A refused submit (its evidence not on screen) is tried once more on a fresh look; the second refusal hands over.
const RETRYABLE = new Set([
  'verify_failed',
  'not_found',
  'observation_problem',
  'timeout',
  'device_error',
  'error',
  'unsupported_claim',
]);
/** Notifications swiped away for one step: one that keeps coming back is not waited out by swiping. */
const MAX_NOTIFICATION_SWIPES = 2;
/** An interrupt that keeps firing is not a pop-up any more but a loop. */
const MAX_INTERRUPT_FIRINGS = 5;

/** A focus tap: tapping a field so typing goes there. Harmless to repeat. */
const isFocusTap = (step: ActionStep): boolean =>
  ('tap' in step || 'tap_point' in step) && 'expect_change' in step && step.expect_change === false;

export class ScriptInterpreter implements Interpreter {
  readonly kind = 'script' as const;
  private readonly flow: FlowCursor;
  private attempts: number;
  private looking?: Looking;
  private awaiting?: string;
  /** A typing step whose effect did not show: retried only if a pop-up turns out to have eaten it. */
  private unverifiedTyping?: Decision;
  /** Steps of an interrupt being handled, and which interrupt. */
  private interrupting?: { index: number; steps: ActionStep[]; attempts: number };
  private readonly firings = new Map<number, number>();
  /** The screen the failed physical step was planned on: it is retried only on that same screen. */
  private retryOn?: Observation;
  /** Where the failed try landed (a tap): a line read again away from it is not its effect. */
  private retryTap?: { x: number; y: number };
  /** The last focus tap that worked, to tap again when typing finds no focused field. */
  private lastFocus?: ActionStep;
  /** A focus tap being repeated before a type step is retried. */
  private refocusing = false;
  /**
   * A pop-up (an interrupt) explained where an unverified typing's keys went: the retry types only
   * what the field is missing (type_text continue_typing), never the whole text again.
   */
  private continueTyping = false;
  /** Looks taken for a good picture before judging a retry's screen (retry-safety.ts settleLook). */
  private settleLooks = 0;
  /** Swipes sent for the current scroll_until_visible step. */
  private scrollSwipes = 0;
  /** The current step was stopped by the e-stop this many times (not attempts: see estop-interruption.ts). */
  private estopHolds = 0;
  /** Characters of the current type step that e-stopped tries typed, by the MCU's count. */
  private estopTyped = 0;
  /** The id of the last call made for a script step: what a retry is a retry of. */
  private awaitedBefore?: string;
  /**
   * A heads-up notification over what the current step waits for, being swiped away (the task
   * allows it): then the step's text is looked for again; the step's action is not sent again.
   */
  private clearing?: {
    card: { x: number; y: number; width: number; height: number };
    awaited: Awaited;
    failed: Decision;
    phase: 'swipe' | 'look';
  };
  /** Notifications swiped away for the current step. */
  private notificationSwipes = 0;

  constructor(
    private readonly task: TaskDefinition & { steps: ScriptStep[] },
    resume?: ScriptCursor,
  ) {
    const missing = missingPlaceholders(task.steps, task.inputs);
    if (missing.length)
      throw new Error(
        `the task's steps use {${missing.join('}, {')}}, which inputs does not define: add them under inputs`,
      );
    const nested = task.interrupts.findIndex((i) => i.do.some(isControlStep));
    if (nested >= 0)
      throw new Error(
        `interrupts[${nested}].do: an interrupt's steps are single actions; "if", "repeat", "run_flow", assertions and wait_for_stable belong in the steps`,
      );
    this.flow = new FlowCursor(task.steps, resume?.path);
    this.attempts = resume?.attempts ?? 0;
    this.estopTyped = resume?.estopTyped ?? 0;
  }

  /** Picks a saved run up at its cursor, moved on past the steps recovery found finished. */
  static resume(
    task: TaskDefinition & { steps: ScriptStep[] },
    cursor: ScriptCursor,
    advanceBy: number,
  ): ScriptInterpreter {
    // A type step an e-stop cut short keeps its count: the field holds that much of the text.
    const estopTyped = advanceBy === 0 ? cursor.estopTyped : undefined;
    const script = new ScriptInterpreter(task, {
      path: cursor.path,
      attempts: 0,
      ...(estopTyped ? { estopTyped } : {}),
    });
    for (let i = 0; i < advanceBy; i++) script.flow.advance();
    return script;
  }

  async next(input: InterpretInput): Promise<Decision> {
    const verdict = this.judgePrevious(input.results, input.observation);
    if (verdict) return verdict;
    const interruption = this.nextInterruptStep(input.observation);
    if (interruption) {
      if (this.unverifiedTyping) this.continueTyping = true;
      this.unverifiedTyping = undefined;
      return interruption;
    }
    if (this.unverifiedTyping) return this.unverifiedTyping;
    if (this.clearing) return this.clearNotification();
    if (this.refocusing && this.lastFocus) return this.refocus();
    const observation = input.observation;
    for (;;) {
      const step = this.flow.current();
      if (!step) return { kind: 'answer', text: `All steps of the task are done (${this.task.steps.length} planned).` };
      if (step.when && this.reachingAnew() && !showsCondition(observation, step.when, this.task.inputs)) {
        this.flow.advance();
        continue;
      }
      if (!isControlStep(step)) return this.retryOn ? this.retryIfSameScreen(step, observation) : this.call(step);
      const decided = this.control(step, observation);
      if (decided) return decided;
    }
  }

  /** Runs a control step: a decision to return, or undefined when the cursor moved and the loop goes on. */
  private control(step: Extract<ScriptStep, object>, observation: Observation): Decision | undefined {
    if ('if' in step) {
      const branch = showsCondition(observation, step.if, this.task.inputs) ? 'then' : 'else';
      if (branch === 'else' && !step.else) this.flow.advance();
      else this.flow.enter(branch);
      return undefined;
    }
    if ('run_flow' in step) {
      if (!step.loaded)
        return {
          kind: 'halt',
          reason: `script step ${this.position()} (${describeStep(step)}): the sub-flow was not loaded; load flows with the flow loader (benchhand test / run), which reads run_flow files`,
        };
      this.flow.enter('flow');
      return undefined;
    }
    if ('repeat' in step) {
      const verdict = repeatVerdict(step, this.flow.entry().done ?? 0, observation, this.task.inputs);
      if (verdict.kind === 'halt')
        return { kind: 'halt', reason: `script step ${this.position()} (${describeStep(step)}) ${verdict.reason}` };
      if (verdict.kind === 'done') this.flow.advance();
      else this.flow.enter('repeat');
      return undefined;
    }
    if ('wait_for_stable' in step) return this.waitForStable(step, observation);
    return this.assert(step as AssertStep, observation);
  }

  /** An assertion holds now, or is looked for again until its timeout; past it the run halts with what the screen shows. */
  private assert(step: AssertStep, observation: Observation): Decision | undefined {
    const problem = assertionProblem(step, observation, this.task.inputs);
    if (!problem) {
      this.looking = undefined;
      this.flow.advance();
      return undefined;
    }
    const looking = this.lookingAt(observation);
    const left = (step.timeout_ms ?? DEFAULT_ASSERT_TIMEOUT_MS) - (observation.at - looking.since);
    if (left <= 0) {
      this.looking = undefined;
      return {
        kind: 'halt',
        reason: `script step ${this.position()} (${describeStep(step)}) failed: ${problem}`,
        code: 'assertion_failed',
      };
    }
    // Look again when the screen changes, or at the timeout: an assertion waits for a settling screen, never longer.
    return this.look({ timeout_ms: Math.min(30000, Math.max(100, Math.round(left))) });
  }

  /** The screen is stable once a quiet period passes without a change; it must be within the step's timeout. */
  private waitForStable(step: StableStep, observation: Observation): Decision | undefined {
    const quiet =
      (typeof step.wait_for_stable === 'object' ? step.wait_for_stable.quiet_ms : undefined) ?? DEFAULT_STABLE_QUIET_MS;
    const looking = this.lookingAt(observation);
    if (observation.at - looking.since >= (step.timeout_ms ?? DEFAULT_STABLE_TIMEOUT_MS)) {
      this.looking = undefined;
      return {
        kind: 'halt',
        reason: `script step ${this.position()} (${describeStep(step)}) failed: the screen kept changing for ${Math.round(observation.at - looking.since)} ms (last: ${looking.lastChange ?? 'a change'})`,
        code: 'screen_not_stable',
      };
    }
    return this.look({ timeout_ms: quiet });
  }

  private lookingAt(observation: Observation): Looking {
    const position = this.position();
    if (this.looking?.position !== position) this.looking = { position, since: observation.at, looks: 0 };
    return this.looking;
  }

  /** A wait_for call (any change, bounded) made for an assertion or wait_for_stable: its outcome is judged by looking. */
  private look(args: { timeout_ms: number }): Decision {
    const looking = this.looking!;
    looking.looks++;
    this.awaiting = `look-${looking.position}-${looking.looks}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name: 'wait_for', argumentsJson: JSON.stringify(args) }] };
  }

  /** True as a step is first reached (not on its retries, nor while it looks again, nor between a repeat's rounds). */
  private reachingAnew(): boolean {
    return (
      this.attempts === 0 &&
      !this.retryOn &&
      !this.refocusing &&
      this.looking?.position !== this.position() &&
      this.flow.entry().done === undefined
    );
  }

  cursor(): Record<string, unknown> {
    return {
      path: this.flow.path.map((p) => ({ ...p })),
      attempts: this.attempts,
      ...(this.estopTyped ? { estopTyped: this.estopTyped } : {}),
    } satisfies ScriptCursor;
  }

  pending(): string[] {
    return this.flow.pending();
  }

  progress(): { done: number; planned: number } {
    const planned = this.task.steps.length;
    // A run that ended on its submit step ended with that step done (nothing judged it after).
    const current = this.flow.current();
    const submitted = this.awaiting?.startsWith('script-') && current !== undefined && 'submit' in current;
    return { done: Math.min(this.flow.path[0]!.index + (submitted ? 1 : 0), planned), planned };
  }

  private nextInterruptStep(observation: Observation): Decision | undefined {
    if (!this.interrupting) {
      const index = this.task.interrupts.findIndex((i: Interrupt) =>
        showsCondition(observation, i.when, this.task.inputs),
      );
      if (index < 0) return undefined;
      const fired = (this.firings.get(index) ?? 0) + 1;
      this.firings.set(index, fired);
      if (fired > MAX_INTERRUPT_FIRINGS)
        return {
          kind: 'halt',
          reason: `interrupt ${index + 1} fired ${fired} times: what it handles keeps coming back`,
        };
      this.interrupting = { index, steps: [...this.task.interrupts[index]!.do] as ActionStep[], attempts: 0 };
    }
    const step = this.interrupting.steps[0]!;
    const { name, args } = toToolCall(step, this.task.inputs);
    this.awaiting = `interrupt-${this.interrupting.index + 1}-try${this.interrupting.attempts + 1}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args) }] };
  }

  private judgeInterrupt(last: ToolOutcome): Decision | undefined {
    const handling = this.interrupting!;
    if (last.status === 'estopped') return undefined; // held still, then the same step again: not an attempt
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
    return {
      kind: 'halt',
      reason: `interrupt ${handling.index + 1} (${describeStep(handling.steps[0]!)}) failed: ${last.status}: ${last.content.split('\n')[0]}`,
    };
  }

  private judgePrevious(results: ToolOutcome[], now: Observation): Decision | undefined {
    const last = results.at(-1);
    if (!this.awaiting || !last || last.callId !== this.awaiting) return undefined;
    this.awaiting = undefined;
    if (last.callId.startsWith('interrupt-')) return this.judgeInterrupt(last);
    if (last.callId.startsWith('look-')) return this.judgeLook(last);
    if (last.callId.startsWith('settle-')) return undefined;
    if (last.callId.startsWith('notification-')) return this.judgeClearing(last);
    if (last.callId.startsWith('refocus-')) {
      if (last.status === 'estopped') return undefined; // tapped again after the release
      this.refocusing = false;
      return last.status === 'ok'
        ? undefined
        : {
            kind: 'halt',
            reason: `tapping the field again before typing failed: ${last.status}: ${last.content.split('\n')[0]}`,
          };
    }
    if (last.status === 'estopped') return this.heldByEstop(last);
    const scrolling = this.judgeScrolling(last, now);
    if (scrolling !== 'other') return scrolling;
    if (last.status === 'ok') return this.stepDone();
    const step = this.flow.current() as ActionStep;
    if (
      last.status === 'not_focused' &&
      this.lastFocus &&
      this.attempts < (('retries' in step ? step.retries : undefined) ?? this.task.retries)
    ) {
      this.attempts++;
      this.refocusing = true;
      return undefined;
    }
    const explicit = 'retries' in step ? step.retries : undefined;
    const retries = explicit ?? this.task.retries;
    const failed: Decision = {
      kind: 'halt',
      reason: `script step ${this.position()} (${describeStep(step)}) failed${this.attempts ? ` after ${this.attempts} retr${this.attempts === 1 ? 'y' : 'ies'}` : ''}: ${last.status}: ${last.content.split('\n')[0]}`,
    };
    const awaited =
      this.notificationSwipes < MAX_NOTIFICATION_SWIPES ? awaitedBy(toToolCall(step, this.task.inputs)) : undefined;
    const card = awaited && mayClearNotification(this.task.dismissNotifications, last, awaited, now);
    if (awaited && card) {
      this.clearing = { card, awaited, failed, phase: 'swipe' };
      return undefined;
    }
    if (!RETRYABLE.has(last.status) || this.attempts >= retries) return failed;
    const unsafe = unsafeRetry(step, last, this.attempts);
    if (unsafe) return { kind: 'halt', reason: `script step ${this.position()} (${describeStep(step)}) ${unsafe}` };
    this.attempts++;
    if (last.status === 'verify_failed' && last.plannedOn) {
      this.retryOn = last.plannedOn;
      this.retryTap = last.tappedAt;
    }
    // Typing again after an unverified type could type twice. Only a pop-up that shows now (an
    // interrupt fires) explains where the keys went; otherwise the step asks for retries itself.
    if ('type' in step && last.status === 'verify_failed' && explicit === undefined) this.unverifiedTyping = failed;
    return undefined;
  }

  /** The current step is done: the cursor moves on. */
  private stepDone(): undefined {
    const done = this.flow.current() as ActionStep;
    if (isFocusTap(done)) this.lastFocus = done;
    if ('type' in done) this.continueTyping = false;
    this.estopHolds = 0;
    this.estopTyped = 0;
    this.attempts = 0;
    this.notificationSwipes = 0;
    this.retryOn = undefined;
    this.flow.advance();
    return undefined;
  }

  /** The notification's swipe, or the look again after it (notification-away.ts). */
  private clearNotification(): Decision {
    const clearing = this.clearing!;
    this.awaiting = `notification-${clearing.phase}-${this.position()}-${this.notificationSwipes + 1}`;
    return clearing.phase === 'swipe'
      ? swipeAwayCall(clearing.card, this.awaiting)
      : lookAgainCall(clearing.awaited, this.awaiting);
  }

  /**
   * A swipe that put the notification away is followed by the look again; one the e-stop stopped is
   * sent again after the release. What the step waits for, shown now, is the step done; otherwise the
   * step fails as it did (its action is not sent again).
   */
  private judgeClearing(last: ToolOutcome): Decision | undefined {
    const clearing = this.clearing!;
    if (last.status === 'estopped') return undefined;
    if (clearing.phase === 'swipe') {
      if (last.status !== 'ok') {
        this.clearing = undefined;
        return this.failedAfterClearing(
          clearing.failed,
          `the notification was not swiped away (${last.status}: ${last.content.split('\n')[0]})`,
        );
      }
      this.notificationSwipes++;
      clearing.phase = 'look';
      return undefined;
    }
    this.clearing = undefined;
    if (last.status === 'ok') return this.stepDone();
    return this.failedAfterClearing(
      clearing.failed,
      `after the notification was swiped away: ${last.content.split('\n')[0]}`,
    );
  }

  private failedAfterClearing(failed: Decision, why: string): Decision {
    return failed.kind === 'halt' ? { ...failed, reason: `${failed.reason}; ${why}` } : failed;
  }

  /** A scroll_until_visible step swipes again while the content moves (each swipe a call of its own). */
  private judgeScrolling(last: ToolOutcome, now: Observation): Decision | undefined | 'other' {
    const step = this.flow.current();
    if (!isScrollUntilVisible(step)) return 'other';
    this.scrollSwipes++;
    const verdict = judgeScrollSwipe(
      step,
      last,
      now,
      this.scrollSwipes,
      (text) => fillPlaceholders(text, this.task.inputs),
      this.attempts > 0,
    );
    if (verdict.next === 'other') return 'other';
    // A lost swipe is sent again as a retry of itself (attempts > 0 declares it: the repeat guard lets
    // it through); any other verdict starts the count again.
    this.attempts = verdict.next === 'again_lost' ? this.attempts + 1 : 0;
    if (verdict.next === 'again' || verdict.next === 'again_lost') return undefined;
    this.scrollSwipes = 0;
    if (verdict.next === 'halt')
      return {
        kind: 'halt',
        reason: `script step ${this.position()} (${describeStep(step)}) failed: ${verdict.reason}`,
      };
    this.retryOn = undefined;
    this.flow.advance();
    return undefined;
  }

  /**
   * A physical step whose effect did not show is sent again only on the screen it was planned on:
   * if the screen has changed since, the first try had an effect, and looking the label up again
   * on the new screen could press something else (a confirm button with the same label).
   */
  private retryIfSameScreen(step: ActionStep, now: Observation): Decision {
    const plannedOn = this.retryOn!;
    // A poor picture (dark, blurred) settles nothing: OCR noise on it is no change. Look again.
    const settle = settleLook(now, this.settleLooks, this.position());
    if (settle) {
      this.settleLooks++;
      this.awaiting = settle.calls[0]!.id;
      return settle;
    }
    this.settleLooks = 0;
    this.retryOn = undefined;
    const change = screenChange(plannedOn, now, this.retryTap);
    // Typing that showed nothing on an unchanged screen: the focus tap may have missed and the keys
    // gone nowhere. The field is tapped again first, and only what it does not already hold is typed.
    if ('type' in step && !change.changed && !this.continueTyping) {
      this.continueTyping = true;
      if (this.lastFocus) return this.refocus();
    }
    // An interrupted typing changed the screen by the start it typed: finishing it is the retry.
    if (!change.changed || isFocusTap(step) || ('type' in step && this.continueTyping)) return this.call(step);
    return {
      kind: 'halt',
      reason: `script step ${this.position()} (${describeStep(step)}) was not retried: the screen changed after the first try (${change.summary}), so it had an effect that did not match what the step expects`,
    };
  }

  /**
   * The e-stop stopped this step's action: not one of its attempts. The loop holds still until the
   * e-stop is released and the run resumed; then the step is called again (typing only the rest).
   */
  private heldByEstop(last: ToolOutcome): undefined {
    this.estopHolds++;
    const typed = (last.data as EstopData | undefined)?.typed;
    if (typed !== undefined) this.estopTyped = typed;
    return undefined;
  }

  private refocus(): Decision {
    const { name, args } = toToolCall(this.lastFocus!, this.task.inputs);
    this.awaiting = `refocus-${this.position()}-try${this.attempts}`;
    return { kind: 'calls', calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args) }] };
  }

  private call(step: ActionStep): Decision {
    const { name, args: planned } = toToolCall(step, this.task.inputs);
    const args =
      'type' in step && this.estopTyped > 0
        ? { ...planned, already_typed: this.estopTyped }
        : 'type' in step && this.continueTyping
          ? { ...planned, continue_typing: true }
          : planned;
    const previous = this.awaitedBefore;
    this.awaiting = `script-${this.position()}-try${this.attempts + 1}${this.estopHolds ? `-after-estop${this.estopHolds}` : ''}`;
    this.awaitedBefore = this.awaiting;
    // A retry (or the same try after an e-stop) is bounded by the step, not a loop: the repeat guard lets it through.
    const retryOf = this.attempts > 0 || this.estopHolds > 0 ? previous : undefined;
    return {
      kind: 'calls',
      calls: [{ id: this.awaiting, name, argumentsJson: JSON.stringify(args), ...(retryOf ? { retryOf } : {}) }],
    };
  }

  /**
   * wait_for_stable: no change within the quiet period (not_found) means stable; a change means
   * look again. An assertion's look only waited: the next turn judges the new screen.
   */
  private judgeLook(last: ToolOutcome): Decision | undefined {
    const step = this.flow.current();
    if (!step || !('wait_for_stable' in step) || !this.looking) return undefined;
    if (last.status === 'not_found') {
      this.looking = undefined;
      this.flow.advance();
    } else if (last.status === 'ok') this.looking.lastChange = last.content.split('\n')[0];
    else
      return {
        kind: 'halt',
        reason: `script step ${this.position()} (wait_for_stable) could not look: ${last.status}: ${last.content.split('\n')[0]}`,
      };
    return undefined;
  }

  private position(): string {
    return this.flow.position();
  }
}
