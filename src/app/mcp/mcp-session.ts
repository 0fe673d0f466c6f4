// One MCP session is one run: the loop runs as `benchhand run` runs it (runTask: the bench's
// guardrails, approvals, journal, result file, MQTT operators, recovery), with a ClientInterpreter
// in place of the model. A client's tool call is queued for the loop, which takes it as its next
// step. A state directory with an unfinished run is resumed (recovery decides first, as for
// `benchhand resume`); else a new run starts.
import { randomUUID } from 'node:crypto';
import { ClientInterpreter, type ClientReply } from '../../core/agent/interpreters/client/client-interpreter.js';
import type { RunGuardrails } from '../../core/agent/guard/merge-guardrails.js';
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import type { Termination, ToolOutcome } from '../../core/agent/types.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { ResumePlan } from '../../core/recovery/resume-plan.js';
import type { GpioConfigInput } from '../../config/gpio-section.js';
import type { Bench } from '../bench/open-bench.js';
import type { MqttSettings } from '../agent/mqtt-wiring.js';
import { runTask } from '../agent/run-task.js';
import { recoverer } from '../agent/recover.js';
import { makeRoomForNewRun, UnfinishedRunError } from '../agent/unfinished-run.js';

export interface McpSessionOptions {
  /** Opened by the caller with runBenchSettings; stopped by the session's close. */
  bench: Bench;
  stateDir: string;
  task: TaskDefinition;
  approvals: 'ask' | 'all' | 'none';
  guardrails: RunGuardrails;
  mqtt?: MqttSettings;
  gpio?: GpioConfigInput;
  say(line: string): void;
}

/** The task name the record keeps for a session (a resume checks it is the same task). */
export const MCP_TASK = 'mcp-session';

const OPERATOR_WATCH_MS = 500;

export class McpSession {
  readonly interpreter = new ClientInterpreter({ now: () => performance.now() });
  private readonly controller = new AbortController();
  private lastOutcome: ToolOutcome | undefined;
  private resumedFrom: ResumePlan | undefined;
  private ended: Termination | undefined;
  /** Settles when the run has ended (never rejects: a failure to start ends it as halted). */
  readonly finished: Promise<Termination>;

  constructor(private readonly options: McpSessionOptions) {
    this.finished = this.run();
  }

  /** One tool call as one step of the loop. Refused at once, with nothing queued, while the e-stop is latched. */
  async call(name: string, args: unknown): Promise<ClientReply> {
    const call = { id: randomUUID(), name, argumentsJson: JSON.stringify(args ?? {}) };
    if (this.ended) return this.interpreter.submit(call);
    const held = this.estopHeld();
    if (held)
      return {
        outcome: {
          callId: call.id,
          tool: name,
          status: 'estopped',
          content: `Not run: ${held}. Nothing moved. Nothing moves until a person releases the e-stop at the bench and an operator resumes the run.`,
        },
      };
    return this.interpreter.submit(call);
  }

  /** What recovery found for a resumed session (the record's facts), once; undefined for a new run. */
  takeHandoff(): string | undefined {
    const handoff = this.resumedFrom?.handoff;
    this.resumedFrom = undefined;
    return handoff;
  }

  get stateDir(): string {
    return this.options.stateDir;
  }

  get bench(): Bench {
    return this.options.bench;
  }

  termination(): Termination | undefined {
    return this.ended;
  }

  /** Ends the run at its next safe point (the client went away), then stops the bench. */
  async close(reason = 'the MCP client closed the session'): Promise<void> {
    this.controller.abort(reason);
    await this.finished;
    await this.options.bench.stop();
  }

  private estopHeld(): string | undefined {
    try {
      const record = this.options.bench.get('estop');
      if (record.latched()) return record.describe();
      if (this.options.bench.get('mcu').info.state === 'estopped') return 'the MCU is e-stopped';
    } catch {
      // The bench is still starting: the loop's own checks hold the call.
    }
    return undefined;
  }

  /**
   * While the client is quiet the loop waits for its call and polls no operator: a pause, stop or
   * e-stop from a person would wait for the client. So the session looks for operator commands
   * then (every 500 ms), hands them back to the hub for the loop, and sends the loop round to its
   * safe point to take them.
   */
  private watchOperators(): () => void {
    let polling = false;
    const timer = setInterval(() => {
      if (polling || !this.interpreter.idle()) return;
      let hub;
      try {
        hub = this.options.bench.get('hardware').operator;
      } catch {
        return; // not started yet
      }
      polling = true;
      void hub
        .poll()
        .then((commands) => {
          for (const command of commands) hub.inject(command);
          if (commands.length) this.interpreter.nudge();
        })
        .finally(() => (polling = false));
    }, OPERATOR_WATCH_MS);
    return () => clearInterval(timer);
  }

  private async run(): Promise<Termination> {
    const { options } = this;
    let termination: Termination;
    const stopWatching = this.watchOperators();
    try {
      const resume = await needsResume(options.stateDir);
      const recover = resume ? recoverer(options.stateDir, options.task.goal, options.say) : undefined;
      const outcome = await runTask({
        task: options.task,
        taskFile: MCP_TASK,
        bench: options.bench,
        stateDir: options.stateDir,
        // The script's tool registry (it has take_screenshot) and no model of the bench's own.
        interpreter: 'script',
        interpreterOverride: this.interpreter,
        // Operators see an MCP client driving, not a script.
        shownAs: 'mcp',
        approvals: options.approvals,
        guardrails: options.guardrails,
        onProgress: (event) => this.onProgress(event),
        signal: this.controller.signal,
        ...(options.mqtt ? { mqtt: options.mqtt } : {}),
        ...(options.gpio ? { gpio: options.gpio } : {}),
        ...(recover
          ? {
              recover: async (look) => {
                const plan = await recover(look);
                if (!('stop' in plan)) this.resumedFrom = plan;
                return plan;
              },
            }
          : {}),
      });
      termination =
        outcome.kind === 'ran'
          ? outcome.summary.termination
          : { kind: 'halted', reason: `recovery stopped before anything moved: ${describeStop(outcome.decision)}` };
    } catch (error) {
      termination = { kind: 'halted', reason: (error as Error).message };
    } finally {
      stopWatching();
    }
    this.ended = termination;
    this.interpreter.close(termination, this.lastOutcome);
    options.say(`mcp session ended: ${termination.kind}${'reason' in termination ? ` (${termination.reason})` : ''}`);
    return termination;
  }

  /** The loop's outcome of the call in flight, kept for the end of the run; an e-stopped one goes back at once. */
  private onProgress(event: ProgressEvent): void {
    if (event.type !== 'outcome') return;
    const call = this.interpreter.current();
    if (!call || call.name !== event.tool) return;
    const outcome: ToolOutcome = {
      callId: call.id,
      tool: event.tool,
      status: event.status as ToolOutcome['status'],
      content: event.content,
    };
    this.lastOutcome = outcome;
    // The run now holds still until a person releases the e-stop: the client hears of it now.
    if (outcome.status === 'estopped') this.interpreter.answerNow(outcome);
  }
}

/** A state directory holding an unfinished run is resumed; a finished one's record stays beside the new run. */
async function needsResume(stateDir: string): Promise<boolean> {
  try {
    await makeRoomForNewRun(stateDir, { fresh: false });
    return false;
  } catch (error) {
    if (error instanceof UnfinishedRunError) return true;
    throw error;
  }
}

function describeStop(decision: { kind: string; code?: string; reasons?: readonly string[] }): string {
  return [decision.code ?? decision.kind, ...(decision.reasons ?? [])].join(': ');
}
