// An interpreter whose next call comes from a client outside the bench (an MCP client) instead of
// a model: the client's call waits in a queue, the loop takes it as its next decision and runs it
// as one step (guard, journal, act, verify, checkpoint), and the step's outcome goes back to the
// client with the next look, the way an LLM gets its tool results beside the new screen. It is
// kind 'llm' because that is what drives it: a model's calls, under the model's failure limits and
// the evidence gate. Pure: no I/O, no timers.
import type { Observation } from '../../../ports/observer.js';
import type { Decision, Termination, ToolCall, ToolOutcome } from '../../types.js';
import type { InterpretInput, Interpreter } from '../interpreter.js';

/** What a client's call came to: the loop's outcome, the look after it, or why nothing ran. */
export interface ClientReply {
  outcome: ToolOutcome;
  /** The next step's look (what an LLM would see next); absent when the run ended or held first. */
  observation?: Observation;
  /** Set when the run ended with (or before) this call. */
  termination?: Termination;
}

interface Pending {
  call: ToolCall;
  settle(reply: ClientReply): void;
}

export interface ClientInterpreterOptions {
  /** The loop's clock, in ms: how old the look is when a call arrives. */
  now(): number;
  /**
   * A call that arrives longer than this after the step's look gets a fresh look first (one more
   * step, with no call): a tap is guarded, approved and aimed on what the screen shows now, never
   * on a picture from before the client went quiet. Default 2000 ms.
   */
  freshForMs?: number;
}

export class ClientInterpreter implements Interpreter {
  readonly kind = 'llm' as const;
  private readonly queue: Pending[] = [];
  private inFlight: Pending | undefined;
  private wake: (() => void) | undefined;
  private nudged = false;
  private ended: Termination | undefined;
  private calls = 0;
  private readonly redirections: string[] = [];

  constructor(private readonly options: ClientInterpreterOptions) {}

  /** Queues one call for the loop; resolves with its outcome once the loop has run it. */
  submit(call: ToolCall): Promise<ClientReply> {
    if (this.ended) return Promise.resolve(notRun(call, this.ended));
    return new Promise((settle) => {
      this.queue.push({ call, settle });
      this.wake?.();
    });
  }

  /** The call the loop is running now, if any (for an early answer when the run holds still). */
  current(): ToolCall | undefined {
    return this.inFlight?.call;
  }

  /**
   * Answers the call in flight now, without waiting for the next look: the run will not come back
   * to it soon (an e-stop holds it still) or at all. The loop's own outcome is handed in.
   */
  answerNow(outcome: ToolOutcome, termination?: Termination): void {
    const pending = this.inFlight;
    if (!pending || pending.call.id !== outcome.callId) return;
    this.inFlight = undefined;
    pending.settle({ outcome, ...(termination ? { termination } : {}) });
  }

  /** The run ended: every call still waiting is answered with why it did not run. */
  close(termination: Termination, lastOutcome?: ToolOutcome): void {
    this.ended = termination;
    if (this.inFlight) {
      const { call, settle } = this.inFlight;
      this.inFlight = undefined;
      settle(lastOutcome?.callId === call.id ? { outcome: lastOutcome, termination } : notRun(call, termination));
    }
    for (const pending of this.queue.splice(0)) pending.settle(notRun(pending.call, termination));
    this.wake?.();
  }

  async next(input: InterpretInput, signal: AbortSignal): Promise<Decision> {
    if (this.inFlight) {
      const { call, settle } = this.inFlight;
      this.inFlight = undefined;
      const outcome = input.results.find((r) => r.callId === call.id) ?? notRun(call).outcome;
      settle({ outcome, observation: input.observation });
    }
    const lookedAt = this.options.now();
    const pending = await this.take(signal);
    if (pending === 'nudged') return { kind: 'calls', calls: [] };
    if (!pending) return { kind: 'halt', reason: this.ended ? endedWhy(this.ended) : 'the MCP session ended' };
    if (this.options.now() - lookedAt > (this.options.freshForMs ?? 2000)) {
      this.queue.unshift(pending);
      return { kind: 'calls', calls: [] };
    }
    this.inFlight = pending;
    this.calls++;
    return { kind: 'calls', calls: [pending.call] };
  }

  cursor(): Record<string, unknown> {
    return { client: 'mcp', calls: this.calls, redirections: this.redirections };
  }

  pending(): string[] {
    return [];
  }

  progress(): undefined {
    return undefined;
  }

  /** An operator's words are kept for the client to read (the session resource); the client decides. */
  redirect(instructions: string): boolean {
    this.redirections.push(instructions);
    return true;
  }

  /** What operators said to the client, in order. */
  instructions(): readonly string[] {
    return this.redirections;
  }

  /** True while the loop waits for the client's next call (it is not polling its operators then). */
  idle(): boolean {
    return this.wake !== undefined;
  }

  /**
   * Ends a wait with a step that makes no call, so the loop goes round to its safe point (an
   * operator's pause or stop arrived while the client was quiet) and looks again.
   */
  nudge(): void {
    if (!this.wake) return;
    this.nudged = true;
    this.wake();
  }

  private take(signal: AbortSignal): Promise<Pending | 'nudged' | undefined> {
    return new Promise((resolve) => {
      const check = (): boolean => {
        if (this.nudged) {
          this.nudged = false;
          finish('nudged');
          return true;
        }
        const first = this.queue.shift();
        if (!first && !this.ended && !signal.aborted) return false;
        finish(first);
        return true;
      };
      const finish = (value: Pending | 'nudged' | undefined): void => {
        this.wake = undefined;
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      };
      const onAbort = (): void => void check();
      if (check()) return;
      this.wake = () => void check();
      signal.addEventListener('abort', onAbort);
    });
  }
}

function notRun(call: ToolCall, termination?: Termination): ClientReply {
  return {
    outcome: {
      callId: call.id,
      tool: call.name,
      status: 'error',
      content: termination
        ? `Not run: ${endedWhy(termination)}. Nothing moved.`
        : 'Not run: the step ended before this call. Nothing moved.',
    },
    ...(termination ? { termination } : {}),
  };
}

function endedWhy(termination: Termination): string {
  switch (termination.kind) {
    case 'answered':
    case 'submitted':
      return 'the run has ended';
    case 'budget_exhausted':
      return `the run's ${termination.budget} budget ran out`;
    default:
      return `the run ended (${termination.kind}: ${termination.reason})`;
  }
}
