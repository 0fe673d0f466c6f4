// A Maestro flow as an interpreter of the agent loop, beside the script and the LLM: every tool
// call it makes is one step of the same loop (observe, guard, journal, act, verify, checkpoint),
// so the run has the same journal, report and result as one of our flows. The flow runs as an
// async generator that yields the tool calls it needs; each next() resumes it with the loop's
// outcome and a fresh look. onFlowStart runs first, onFlowComplete last (also after a failure).
// A failure halts the run naming the file, line and command. Not resumable after a crash: a
// resumed Maestro flow starts again (its commands are not idempotent by design). Pure.
import type { InterpretInput, Interpreter } from '../agent/interpreters/interpreter.js';
import type { Decision } from '../agent/types.js';
import type { ScriptSandbox } from '../ports/script-sandbox.js';
import type { MaestroFlowFile } from './flow-model.js';
import { interpolate } from './interpolate.js';
import { CommandFailure, runCommands } from './run-commands.js';
import { MaestroFailure, RunContext, type Program, type ToolRequest } from './run-context.js';

export interface MaestroRunOptions {
  /** --env values; they beat the flow's own env. */
  env: Record<string, string>;
  /** Refused commands become skipped steps instead of failing the flow. */
  skipUnsupported: boolean;
  /** What `when: platform:` compares with (default Android). */
  platform?: string;
  random?: () => number;
}

export class MaestroInterpreter implements Interpreter {
  readonly kind = 'script' as const;
  private readonly ctx: RunContext;
  private program?: AsyncGenerator<ToolRequest, Decision, InterpretInput>;
  private calls = 0;
  private at = 0;

  constructor(
    private readonly flow: MaestroFlowFile,
    sandbox: ScriptSandbox,
    private readonly options: MaestroRunOptions,
  ) {
    this.ctx = new RunContext(sandbox, {
      skipUnsupported: options.skipUnsupported,
      platform: options.platform ?? 'Android',
      random: options.random ?? Math.random,
      appLabel: options.env.APP_LABEL ?? flow.config.env.APP_LABEL,
      ...(flow.config.appId ? { appId: flow.config.appId } : {}),
    });
  }

  /** What the run noted: skipped commands (--skip-unsupported), optional commands that failed, retries. */
  notes(): string[] {
    return [...this.ctx.notes];
  }

  async next(input: InterpretInput): Promise<Decision> {
    this.ctx.take(input);
    this.program ??= this.run();
    const step = await this.program.next(input);
    if (step.done) return step.value;
    const previous = this.ctx.lastCallId;
    const id = `maestro-${this.at + 1}-${++this.calls}`;
    this.ctx.lastCallId = id;
    return {
      kind: 'calls',
      calls: [
        {
          id,
          name: step.value.name,
          argumentsJson: JSON.stringify(step.value.args),
          ...(step.value.retryOfPrevious && previous ? { retryOf: previous } : {}),
        },
      ],
    };
  }

  private async *run(): AsyncGenerator<ToolRequest, Decision, InterpretInput> {
    let failure: unknown;
    try {
      await this.globals();
      yield* runCommands(this.ctx, this.flow.config.onFlowStart);
      yield* runCommands(this.ctx, this.flow.commands, (i) => (this.at = i));
      this.at = this.flow.commands.length;
    } catch (error) {
      failure = error;
    }
    try {
      yield* runCommands(this.ctx, this.flow.config.onFlowComplete);
    } catch (error) {
      failure ??= error;
    }
    if (failure) return this.halt(failure);
    return {
      kind: 'answer',
      text: `All ${this.flow.commands.length} commands of the Maestro flow ${this.flow.file} passed${this.ctx.notes.length ? ` (${this.ctx.notes.join('; ')})` : ''}.`,
    };
  }

  /** env as JavaScript globals (the flow's, then --env over them), `output`, and `maestro`. */
  private async globals(): Promise<void> {
    const sandbox = this.ctx.sandbox;
    await sandbox.setGlobal('output', {});
    // Maestro's scripts may log; the sandbox has no console of its own, and the lines go nowhere.
    await this.ctx.evaluate('globalThis.console = { log() {}, info() {}, warn() {}, error() {} };');
    await sandbox.setGlobal('maestro', { copiedText: null, platform: this.ctx.options.platform.toLowerCase() });
    for (const [name, value] of Object.entries(this.options.env)) await this.ctx.scope({ [name]: value });
    for (const [name, value] of Object.entries(this.flow.config.env)) {
      if (name in this.options.env) continue;
      await this.ctx.scope({ [name]: await interpolate(value, (code) => this.ctx.evaluate(code)) });
    }
  }

  private halt(failure: unknown): Decision {
    if (failure instanceof CommandFailure) {
      const { command } = failure;
      // The script interpreter's shape, so the suite names the failed step (flow-result.ts failedStepOf).
      return {
        kind: 'halt',
        reason: `script step ${command.file}:${command.line} (${command.name}${summary(command.args)}) failed: ${failure.why}`,
        code: 'maestro_command_failed',
      };
    }
    const message = failure instanceof MaestroFailure || failure instanceof Error ? failure.message : String(failure);
    return {
      kind: 'halt',
      reason: `the Maestro flow ${this.flow.file} could not go on: ${message}`,
      code: 'maestro_error',
    };
  }

  cursor(): Record<string, unknown> {
    return { maestro: { file: this.flow.file, command: this.at } };
  }

  pending(): string[] {
    return this.flow.commands.slice(this.at).map((c) => `${c.name}${summary(c.args)}`);
  }

  progress(): { done: number; planned: number } {
    return { done: Math.min(this.at, this.flow.commands.length), planned: this.flow.commands.length };
  }
}

function summary(args: unknown): string {
  if (args === undefined || args === null) return '';
  const text =
    typeof args === 'string'
      ? `"${args}"`
      : JSON.stringify(args, (k, v) => (k === 'commands' ? `[${(v as unknown[]).length} commands]` : v));
  return ` ${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
}

export type { Program };
