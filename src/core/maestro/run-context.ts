// What a running Maestro flow works with: the latest look at the screen, a way to call one of our
// tools and get its outcome (each call one step of the agent loop: journaled, guarded, acted,
// verified), the JavaScript sandbox, and how to fail. Commands are async generators that yield the
// tool calls they need (maestro-interpreter.ts turns each into the loop's decision). Pure.
import type { InterpretInput } from '../agent/interpreters/interpreter.js';
import type { ToolOutcome } from '../agent/types.js';
import type { Observation } from '../ports/observer.js';
import { ScriptError, type ScriptSandbox } from '../ports/script-sandbox.js';
import type { MaestroCommand } from './flow-model.js';
import { resolveSelector, type Resolved, type Selector } from './selector.js';

export interface ToolRequest {
  name: string;
  args: Record<string, unknown>;
  /** The call this one repeats under the command's own bound (retryTapIfNoChange). */
  retryOfPrevious?: boolean;
}

/** A command's program: yields tool calls, is resumed with the loop's next input. */
export type Program<T = void> = AsyncGenerator<ToolRequest, T, InterpretInput>;

/** A command failed the way Maestro fails it (the flow stops, unless the command is optional). */
export class MaestroFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MaestroFailure';
  }
}

/** Maestro's element lookup waits (Orchestra: 17 s, 7 s for an optional command). */
export const LOOKUP_TIMEOUT_MS = 17000;
export const OPTIONAL_LOOKUP_TIMEOUT_MS = 7000;
/** How long one look waits for the screen to change before it is judged again. */
const LOOK_MS = 3000;

export class RunContext {
  private input?: InterpretInput;
  /** The id given to the last call sent, to find its outcome. */
  lastCallId?: string;
  /** Texts of the steps skipped (--skip-unsupported) and the optional commands that failed. */
  readonly notes: string[] = [];
  copiedText?: string;
  /** Where the last tap went: typing into a password field there is typed as a secret. */
  lastTap?: { x: number; y: number };

  constructor(
    readonly sandbox: ScriptSandbox,
    readonly options: {
      skipUnsupported: boolean;
      platform: string;
      random: () => number;
      appLabel?: string;
      /** The flow header's appId: the app launchApp means when the command names none. */
      appId?: string;
    },
  ) {}

  take(input: InterpretInput): void {
    this.input = input;
  }

  observation(): Observation {
    return this.input!.observation;
  }

  now(): number {
    return this.observation().at;
  }

  /** Calls a tool and returns its outcome (the loop's next input holds it, and a fresh look). */
  async *call(name: string, args: Record<string, unknown>, retryOfPrevious = false): Program<ToolOutcome> {
    const input = yield { name, args, retryOfPrevious };
    this.input = input;
    const outcome = input.results.find((r) => r.callId === this.lastCallId) ?? input.results.at(-1);
    if (!outcome) throw new MaestroFailure(`${name} was not run by the loop`);
    return outcome;
  }

  /**
   * A tool call that must succeed (or end in one of `alsoFine`); its failure fails the command.
   * `retryOfPrevious`: the same call again after one that had no effect, declared a retry.
   */
  async *must(
    name: string,
    args: Record<string, unknown>,
    alsoFine: string[] = [],
    retryOfPrevious = false,
  ): Program<ToolOutcome> {
    const outcome = yield* this.call(name, args, retryOfPrevious);
    if (outcome.status !== 'ok' && !alsoFine.includes(outcome.status))
      throw new MaestroFailure(`${name}: ${outcome.status}: ${outcome.content.split('\n')[0]}`);
    return outcome;
  }

  /**
   * Looks again until the screen changes or `ms` pass. A look repeats the one before on the same
   * screen under the command's own bound (the lookup timeout), so it is declared a retry: the
   * repeat guard, which stops unbounded loops, lets it through.
   */
  async *look(ms: number): Program<ToolOutcome> {
    return yield* this.call('wait_for', { timeout_ms: Math.min(30000, Math.max(100, Math.round(ms))) }, true);
  }

  /** Waits `ms` by the observations' clock (Maestro's delay between repeated taps). */
  async *pause(ms: number): Program {
    const since = this.now();
    while (this.now() - since < ms) yield* this.look(ms - (this.now() - since));
  }

  /** The element, looked for again as the screen changes, until `timeoutMs` pass (Maestro's lookup). */
  async *find(selector: Selector, timeoutMs: number): Program<Resolved> {
    const since = this.now();
    for (;;) {
      const seen = this.observation();
      const resolved = seen.quality.ok
        ? resolveSelector(seen.screen, selector)
        : ({ ok: false, message: 'Element not found: the camera picture was not fit to read' } as const);
      if (resolved.ok) return resolved;
      const left = timeoutMs - (this.now() - since);
      if (left <= 0) return resolved;
      yield* this.look(Math.min(left, LOOK_MS));
    }
  }

  /** Visible now (conditions: runFlow when, repeat while), without waiting. */
  visibleNow(selector: Selector): boolean {
    return resolveSelector(this.observation().screen, selector).ok;
  }

  async evaluate(code: string): Promise<unknown> {
    try {
      return await this.sandbox.evaluate(code);
    } catch (error) {
      if (error instanceof ScriptError) throw new MaestroFailure(`the script failed: ${error.message}`);
      throw error;
    }
  }

  /** Sets globals for a sub-flow and returns how to put the old values back. */
  async scope(values: Record<string, string>): Promise<() => Promise<void>> {
    const saved: [string, unknown][] = [];
    for (const [name, value] of Object.entries(values)) {
      if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name))
        throw new MaestroFailure(`env name "${name}" is not a JavaScript name`);
      saved.push([name, await this.sandbox.getGlobal(name)]);
      await this.sandbox.setGlobal(name, value);
    }
    return async () => {
      for (const [name, value] of saved.reverse()) await this.sandbox.setGlobal(name, value);
    };
  }
}

/** "flows/login.yaml:12" — where a command was written. */
export const whereOf = (command: MaestroCommand): string => `${command.file}:${command.line}`;
