// A run on a bench (app/bench/open-bench.ts builds its parts): starts them, recovers when resuming,
// makes the interpreter and the approvals, and runs the loop.
import type { OcrSection } from '../../config/ocr-section.js';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { FixedApprovals, TerminalApprovals } from '../../adapters/approval-terminal/terminal-approvals.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import { mergeGuardrails, type RunGuardrails } from '../../core/agent/guard/merge-guardrails.js';
import { tapMarginSource } from '../../core/agent/guard/tap-margin-source.js';
import type { Interpreter } from '../../core/agent/interpreters/interpreter.js';
import { LlmInterpreter } from '../../core/agent/interpreters/llm/llm-interpreter.js';
import { ScriptInterpreter } from '../../core/agent/interpreters/script/script-interpreter.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import { runAgent } from '../../core/agent/loop/run-agent.js';
import type { RunSummary } from '../../core/agent/run-summary.js';
import type { RecoveryDecision } from '../../core/recovery/decide.js';
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import { ALL_TOOLS, ToolRegistry } from '../../core/agent/tools/registry.js';
import { FLOW_TOOLS } from '../../core/agent/tools/flow-tools.js';
import { saveScreenshot } from '../report/screenshots.js';
import type { ApprovalPort } from '../../core/ports/approval.js';
import type { McuPort } from '../../core/ports/mcu.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import { readResultFile } from '../../adapters/store/result-file-reader.js';
import type { GpioConfigInput } from '../../config/gpio-section.js';
import { publishRunEnd, type MqttSettings } from './mqtt-wiring.js';
import type { Bench, BenchSettings } from '../bench/open-bench.js';
import type { RigSource } from '../bench/rig.js';
import type { MqttBench } from '../../adapters/mqtt/mqtt-bench.js';
import { FirstAnswerApprovals } from '../../adapters/approval-terminal/first-answer.js';
import { durableSummary } from '../../core/recovery/durable-summary.js';
import type { ResumePlan } from '../../core/recovery/resume-plan.js';
import { preflightStateDir } from './state-dir-preflight.js';
import { secretValues } from '../../core/agent/redact-secrets.js';
import { withApprovalPicture } from '../bench/approval-picture.js';
import type { VideoMade } from '../../adapters/video/record-looks.js';
import type { RunVideoOptions } from '../video/run-video.js';

export interface RunRequest {
  task: TaskDefinition;
  taskFile: string;
  /** Opened by the caller with runBenchSettings (its rig may already be started); stopped by the caller. */
  bench: Bench;
  stateDir: string;
  interpreter: 'script' | 'llm';
  llm?: unknown;
  planFirst?: boolean;
  approvals: 'ask' | 'all' | 'none' | ApprovalPort;
  /** The bench's and this run's guardrails; the task's own limits come from the task (mergeGuardrails ranks them). */
  guardrails?: RunGuardrails;
  onProgress?(event: ProgressEvent): void;
  signal: AbortSignal;
  /** Operators over MQTT; absent: local control only. */
  mqtt?: MqttSettings;
  /** The bench's GPIO (e-stop button, MCU reset line, status LED); off when absent. */
  gpio?: GpioConfigInput;
  /** Lets a benchmark put timing wrappers around the ports. */
  instrument?: { observer?(port: ObserverPort): ObserverPort; mcu?(port: McuPort): McuPort };
  /**
   * For `benchhand resume`: checks the record, then looks at the device through the observer
   * (`look` starts it) before anything moves, and either says how to continue the saved run, or
   * stops it (nothing connects to the MCU then; a damaged record stops before `look`).
   */
  recover?(look: () => Promise<ObserverPort>): Promise<ResumePlan | { stop: RecoveryDecision }>;
  /** Keep the pictures acted on under STATE_DIR/frames/ for `benchhand report` (also BENCHHAND_KEEP_FRAMES=1). */
  keepFrames?: boolean;
  /** What operators are shown as the run's driver when it is not `interpreter` (an MCP client). */
  shownAs?: 'mcp';
  /** Another interpreter of the same loop (a Maestro flow: src/core/maestro/); the script's tools. */
  interpreterOverride?: Interpreter;
}

export type { ResumePlan };

export type RunOutcome =
  /** `video`: STATE_DIR/video.mp4 written, or why not (absent when the bench records none). */
  { kind: 'ran'; summary: RunSummary; video?: VideoMade } | { kind: 'recovery_stopped'; decision: RecoveryDecision };

export async function runTask(request: RunRequest): Promise<RunOutcome> {
  await mkdir(request.stateDir, { recursive: true });
  const { bench, task } = request;
  // The bench is the caller's to stop; the parts are started here, in steps: the state directory
  // and a resume's record are checked first (a damaged one stops in a moment, with no reader
  // started), then a resume looks at the device, and nothing connects to the MCU until recovery
  // says it may.
  await bench.start('mqtt', 'findings');
  const damaged = await preflightStateDir(request.stateDir);
  if (damaged) {
    process.stderr.write(`stopped: ${damaged.reasons.join(' ')}\n`);
    return { kind: 'recovery_stopped', decision: damaged };
  }
  let observer: ObserverPort | undefined;
  const look = async (): Promise<ObserverPort> => {
    if (observer) return observer;
    await bench.start('observer');
    const looked = bench.get('observer');
    return (observer = request.instrument?.observer?.(looked) ?? looked);
  };
  const plan = request.recover ? await request.recover(look) : undefined;
  if (plan && 'stop' in plan) return { kind: 'recovery_stopped', decision: plan.stop };
  const seeing = await look();
  await bench.start();
  const mcu = bench.get('mcu');
  const hardware = bench.get('hardware');
  const mqtt = request.mqtt ? bench.get('mqtt') : undefined;
  const findings = bench.get('findings');
  // The flow-only tools (screenshot) are the script's; the model's tool list stays as it was.
  const tools = new ToolRegistry(request.interpreter === 'script' ? [...ALL_TOOLS, ...FLOW_TOOLS] : ALL_TOOLS);
  const calibration = bench.get('rig').calibration;
  // Whoever is asked sees the picture around the tap (never the whole frame).
  const approvals = withApprovalPicture(approvalPort(request.approvals, mqtt), calibration, (line) =>
    process.stderr.write(`${line}\n`),
  );
  const configured = mergeGuardrails({ ...request.guardrails, ...(task.limits ? { task: task.limits } : {}) });
  // The margin the run uses is the one `doctor` shows: set, or from the calibration's residual.
  const guardrails = { ...configured, tapMarginPx: tapMarginSource(calibration, configured.tapMarginPx).px };
  const [a, b, c, d, e, f] = calibration.actuator.affine as [number, number, number, number, number, number];
  // Operators (the web console, `ops list`) see the task and its budgets from the start.
  mqtt?.showRun({
    task: request.taskFile,
    goal: task.goal,
    interpreter: request.shownAs ?? request.interpreter,
    maxSteps: guardrails.maxSteps,
    deadlineMs: guardrails.deadlineMs,
  });
  const summary = await runAgent(
    {
      mcu: request.instrument?.mcu?.(mcu) ?? mcu,
      observer: seeing,
      store: bench.get('store'),
      clock: systemClock,
      approvals,
      tools,
      guardrails,
      preApprovals: task.approve,
      ...(task.dismissNotifications ? { dismissNotifications: true } : {}),
      interpreter: makeInterpreter(request, tools, approvals, plan),
      ...(request.interpreter === 'llm' ? { explorer: makeExplorer(request, approvals) } : {}),
      toActuator: (p) => ({ x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f }),
      recordFinding: (finding) => findings.record(finding),
      keepScreenshot: (name, seen) =>
        saveScreenshot(request.stateDir, name, seen, {
          deviceSize: calibration.deviceSize,
          screenCorners: calibration.screenCorners,
        }),
      inputs: { values: task.inputs, secrets: new Set(task.secrets) },
      wallClock: () => new Date().toISOString(),
      newId: () => randomUUID(),
      onProgress: (event) => {
        hardware.onProgress(event);
        bench.keeper?.note(event);
        mqtt?.publishProgress(event);
        request.onProgress?.(event);
      },
      signal: request.signal,
      phaseHook: crashHook(),
      operator: hardware.operator,
      ...(request.mqtt?.manualIdleMs !== undefined ? { manualIdleLimitMs: request.mqtt.manualIdleMs } : {}),
      emergencyStop: bench.get('estop'),
    },
    { goal: task.goal, task: request.taskFile, resume: plan },
  );
  if (mqtt) publishRunEnd(mqtt, summary);
  // The loop looks no more: the run's video is drawn from its pictures and its journal.
  const video = await bench.video?.finish();
  return { kind: 'ran', summary, ...(video ? { video } : {}) };
}

/** The bench a run needs, for openBench: every part, the LLM only for the LLM interpreter. */
export function runBenchSettings(
  request: Pick<RunRequest, 'task' | 'stateDir' | 'interpreter' | 'llm' | 'mqtt' | 'gpio' | 'keepFrames'> & {
    rig: RigSource;
    /** The run's video (STATE_DIR/video.mp4, app/video/run-video.ts): on unless false. */
    video?: RunVideoOptions | false;
    /** The config's ocr section: the engine and the languages besides English. */
    ocr?: OcrSection;
  },
): BenchSettings {
  return {
    rig: request.rig,
    ...(request.ocr ? { ocr: { engine: request.ocr.engine, languages: request.ocr.languages } } : {}),
    stateDir: request.stateDir,
    ...(request.mqtt ? { mqtt: request.mqtt } : {}),
    findings: { taskDevice: request.task.device },
    observer: {
      keepFrames: request.keepFrames ?? process.env.BENCHHAND_KEEP_FRAMES === '1',
      secrets: secretValues({ values: request.task.inputs, secrets: new Set(request.task.secrets) }),
      ...(request.video === false ? {} : { video: request.video ?? {} }),
    },
    mcu: { commandIds: 'state-dir', home: true },
    store: true,
    operators: { gpio: request.gpio },
    ...(request.interpreter === 'llm' ? { llm: { config: request.llm } } : {}),
  };
}

function makeInterpreter(
  request: RunRequest,
  tools: ToolRegistry,
  approvals: ApprovalPort,
  plan?: ResumePlan,
): Interpreter {
  const { task } = request;
  if (request.interpreterOverride) return request.interpreterOverride;
  if (request.interpreter === 'script') {
    if (!task.steps)
      throw new Error(`${request.taskFile} has no steps for the script interpreter: add steps, or run it with --llm`);
    return plan?.scriptCursor
      ? ScriptInterpreter.resume({ ...task, steps: task.steps }, plan.scriptCursor, plan.scriptAdvanceBy)
      : new ScriptInterpreter({ ...task, steps: task.steps });
  }
  const llm = request.bench.get('llm');
  const shown = Object.entries(task.inputs).map(([name, value]) =>
    task.secrets.includes(name) ? `{${name}}: secret, type it as {${name}}` : `{${name}}: ${value}`,
  );
  return new LlmInterpreter(
    {
      llm,
      tools: tools.specs(),
      approvals,
      planFirst: request.planFirst,
      newId: () => randomUUID(),
      sendImages: (request.llm as { sendImages?: boolean } | undefined)?.sendImages ?? true,
      // A fresh session after a context overflow starts from the durable record, never the transcript.
      durableState: async () => {
        const saved = await readResultFile(request.stateDir);
        return saved.ok
          ? durableSummary(saved.checkpoint, [
              "The conversation was reset to fit the model's context. What is known for certain:",
            ])
          : `No usable durable record: ${saved.message}`;
      },
      handoff:
        [
          shown.length ? `Task inputs (write {name} in type_text to type one):\n${shown.join('\n')}` : '',
          plan?.handoff ?? '',
        ]
          .filter(Boolean)
          .join('\n\n') || undefined,
    },
    task.goal,
  );
}

/** A fresh LLM interpreter for each explore sub-run: same endpoint, its own context, the sub-run's tools. */
function makeExplorer(
  request: RunRequest,
  approvals: ApprovalPort,
): (goal: string, tools: ToolRegistry) => Interpreter {
  const llm = request.bench.get('llm');
  return (goal, tools) =>
    new LlmInterpreter(
      { llm, tools: tools.specs(), approvals, newId: () => randomUUID(), sendImages: false, exploring: true },
      goal,
    );
}

/**
 * Crash tests kill the process at an exact phase of an exact step: BENCHHAND_CRASH_AT=phase:step
 * (e.g. act:3), or phase:* for the first step that enters the phase (an MCP client's steps are
 * not numbered in advance). Unset, it does nothing.
 */
function crashHook(): ((phase: string, step: number) => void) | undefined {
  const spec = process.env.BENCHHAND_CRASH_AT;
  if (!spec) return undefined;
  const [phase, step] = spec.split(':');
  return (at, atStep) => {
    if (at === phase && (step === '*' || atStep === Number(step))) process.kill(process.pid, 'SIGKILL');
  };
}

function approvalPort(mode: RunRequest['approvals'], mqtt?: MqttBench): ApprovalPort {
  if (mode === 'ask' && mqtt) {
    // Operators over MQTT and the person at the terminal (if there is one) are asked at once.
    return process.stdin.isTTY ? new FirstAnswerApprovals([mqtt.approvals, new TerminalApprovals()]) : mqtt.approvals;
  }
  if (mode === 'ask') return new TerminalApprovals();
  if (mode === 'all') return new FixedApprovals(true, 'the command line (--approve all)');
  if (mode === 'none') return new FixedApprovals(false, 'the command line (--approve none)');
  return mode;
}
