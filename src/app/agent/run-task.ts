// The composition root of a run: connects the MCU link, the camera and OCR, the durable store,
// the interpreter and the approvals, runs the loop, and takes everything down again.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { FixedApprovals, TerminalApprovals } from '../../adapters/approval-terminal/terminal-approvals.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import { createLlm } from '../../adapters/llm/index.js';
import { FileCommandIds } from '../../adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../adapters/mcu-serial/link.js';
import { TesseractPool } from '../../adapters/ocr-tesseract/tesseract-pool.js';
import { FileRunStore } from '../../adapters/store/file-run-store.js';
import { guardrailConfigSchema, type GuardrailConfig } from '../../core/agent/guard/guardrail-config.js';
import type { Interpreter } from '../../core/agent/interpreters/interpreter.js';
import { LlmInterpreter } from '../../core/agent/interpreters/llm/llm-interpreter.js';
import { ScriptInterpreter } from '../../core/agent/interpreters/script/script-interpreter.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import { runAgent } from '../../core/agent/loop/run-agent.js';
import type { RunSummary } from '../../core/agent/run-summary.js';
import type { RecoveryDecision } from '../../core/recovery/decide.js';
import type { TaskDefinition } from '../../core/agent/task/task-schema.js';
import { ToolRegistry } from '../../core/agent/tools/registry.js';
import type { ApprovalPort } from '../../core/ports/approval.js';
import type { McuPort } from '../../core/ports/mcu.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import { CameraObserver } from '../vision/camera-observer.js';
import { ScreenReader } from '../vision/screen-reader.js';
import type { BenchConnection } from './bench-connection.js';
import { runIdFromResultFile } from '../../adapters/store/findings-run-id.js';
import { readResultFile } from '../../adapters/store/result-file-reader.js';
import { FileOperator } from '../../adapters/operator-file/file-operator.js';
import type { GpioConfigInput } from '../../adapters/gpio/index.js';
import { openBenchHardware } from './bench-hardware.js';
import { connectMqtt, publishRunEnd, snapshotting, wireMqttCommands, type MqttSettings } from './mqtt-wiring.js';
import type { MqttBench } from '../../adapters/mqtt/mqtt-bench.js';
import { FirstAnswerApprovals } from '../../adapters/approval-terminal/first-answer.js';
import { deviceForFindings, FindingsLog, findingsDirectoryFor } from './findings-log.js';
import { durableSummary } from './recover.js';
import type { ResumePlan } from './resume-plan.js';
import { keepFrames } from '../report/frame-keeper.js';

export interface RunRequest {
  task: TaskDefinition;
  taskFile: string;
  connection: BenchConnection;
  stateDir: string;
  interpreter: 'script' | 'llm';
  llm?: unknown;
  planFirst?: boolean;
  approvals: 'ask' | 'all' | 'none' | ApprovalPort;
  guardrails?: Partial<GuardrailConfig>;
  onProgress?(event: ProgressEvent): void;
  signal: AbortSignal;
  /** Operators over MQTT; absent: local control only. */
  mqtt?: MqttSettings;
  /** The bench's GPIO (e-stop button, MCU reset line, status LED); off when absent. */
  gpio?: GpioConfigInput;
  /** Lets a benchmark put timing wrappers around the ports. */
  instrument?: { observer?(port: ObserverPort): ObserverPort; mcu?(port: McuPort): McuPort };
  /**
   * For `benchhand resume`: looks at the device through the observer before anything moves and
   * either says how to continue the saved run, or stops it (nothing connects to the MCU then).
   */
  recover?(observer: ObserverPort): Promise<ResumePlan | { stop: RecoveryDecision }>;
  /** Keep the pictures acted on under STATE_DIR/frames/ for `benchhand report` (also BENCHHAND_KEEP_FRAMES=1). */
  keepFrames?: boolean;
}

export type { ResumePlan } from './resume-plan.js';

export type RunOutcome = { kind: 'ran'; summary: RunSummary } | { kind: 'recovery_stopped'; decision: RecoveryDecision };

export async function runTask(request: RunRequest): Promise<RunOutcome> {
  await mkdir(request.stateDir, { recursive: true });
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const { connection, task } = request;
    // Opened first: a damaged findings.json stops the run before it touches the device.
    const say = (line: string) => process.stderr.write(`${line}\n`);
    // Joined early: operators see the bench and can steer it even while it recovers.
    const mqtt = request.mqtt ? await connectMqtt(request.mqtt, request.stateDir, say) : undefined;
    if (mqtt) cleanup.push(() => mqtt.close());
    const findings = await FindingsLog.open(findingsDirectoryFor(request.stateDir), {
      device: deviceForFindings(task.device, connection.description), runId: () => runIdFromResultFile(request.stateDir),
      ...(mqtt ? { onSaved: (saved) => mqtt.publishFinding(saved) } : {}),
    });
    cleanup.push(() => findings.close());
    const pool = await TesseractPool.start(1, { warmUp: true });
    cleanup.push(() => pool.close());
    const calibration = { deviceSize: connection.calibration.deviceSize, screenCorners: connection.calibration.screenCorners };
    // Whole-screen reads: a band read alone can miss a line that just appeared (typed text),
    // which would make a done action look undone. Correctness over the ~40 % a band read saves.
    const camera = new CameraObserver(connection.camera, new ScreenReader(pool, { kind: 'camera', calibration }, { fullReadAbove: -1 }));
    const seen = mqtt ? snapshotting(camera, mqtt) : camera;
    const keeper = (request.keepFrames ?? process.env.BENCHHAND_KEEP_FRAMES === '1') ? keepFrames(seen, request.stateDir, calibration) : undefined;
    if (keeper) cleanup.push(() => keeper.flush());
    const looked = keeper ?? seen;
    const observer = request.instrument?.observer?.(looked) ?? looked;
    const plan = request.recover ? await request.recover(observer) : undefined;
    if (plan && 'stop' in plan) return { kind: 'recovery_stopped', decision: plan.stop };
    const mcu = await McuLink.connect({ path: connection.serialPath, commandIds: new FileCommandIds(request.stateDir) });
    cleanup.push(() => mcu.close());
    await homeIfNeeded(mcu, say);
    const store = await FileRunStore.open(request.stateDir);
    cleanup.push(() => store.close());
    const tools = new ToolRegistry();
    const approvals = approvalPort(request.approvals, mqtt);
    const guardrails = guardrailConfigSchema.parse({ ...(task.limits ?? {}), ...(request.guardrails ?? {}) });
    const [a, b, c, d, e, f] = connection.calibration.actuator.affine as [number, number, number, number, number, number];
    const hardware = openBenchHardware(mcu, [new FileOperator(request.stateDir), ...(mqtt ? [mqtt.operator] : [])], request.gpio, say);
    cleanup.push(async () => hardware.close());
    if (mqtt) wireMqttCommands(mqtt, hardware, findings);
    const summary = await runAgent({
      mcu: request.instrument?.mcu?.(mcu) ?? mcu, observer, store, clock: systemClock, approvals, tools, guardrails,
      interpreter: makeInterpreter(request, tools, approvals, plan),
      toActuator: (p) => ({ x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f }),
      recordFinding: (finding) => findings.record(finding),
      inputs: { values: task.inputs, secrets: new Set(task.secrets) },
      wallClock: () => new Date().toISOString(),
      newId: () => randomUUID(),
      onProgress: (event) => {
        hardware.onProgress(event);
        keeper?.note(event);
        mqtt?.publishProgress(event);
        request.onProgress?.(event);
      },
      signal: request.signal,
      phaseHook: crashHook(),
      operator: hardware.operator,
    }, { goal: task.goal, task: request.taskFile, resume: plan });
    if (mqtt) publishRunEnd(mqtt, summary);
    return { kind: 'ran', summary };
  } finally {
    for (const close of cleanup.reverse()) await close().catch(() => undefined);
  }
}

function makeInterpreter(request: RunRequest, tools: ToolRegistry, approvals: ApprovalPort, plan?: ResumePlan): Interpreter {
  const { task } = request;
  if (request.interpreter === 'script') {
    if (!task.steps) throw new Error(`${request.taskFile} has no steps for the script interpreter: add steps, or run it with --llm`);
    return plan?.scriptCursor
      ? ScriptInterpreter.resume({ ...task, steps: task.steps }, plan.scriptCursor, plan.scriptAdvanceBy)
      : new ScriptInterpreter({ ...task, steps: task.steps });
  }
  const llm = createLlm(request.llm);
  const shown = Object.entries(task.inputs).map(([name, value]) => (task.secrets.includes(name) ? `{${name}}: secret, type it as {${name}}` : `{${name}}: ${value}`));
  return new LlmInterpreter({
    llm, tools: tools.specs(), approvals, planFirst: request.planFirst, newId: () => randomUUID(),
    sendImages: (request.llm as { sendImages?: boolean } | undefined)?.sendImages ?? true,
    // A fresh session after a context overflow starts from the durable record, never the transcript.
    durableState: async () => {
      const saved = await readResultFile(request.stateDir);
      return saved.ok ? durableSummary(saved.checkpoint, ['The conversation was reset to fit the model\'s context. What is known for certain:']) : `No usable durable record: ${saved.message}`;
    },
    handoff: [shown.length ? `Task inputs (write {name} in type_text to type one):\n${shown.join('\n')}` : '', plan?.handoff ?? ''].filter(Boolean).join('\n\n') || undefined,
  }, task.goal);
}

/** A gantry must find its endstops before its first tap (the MCU refuses taps until then). */
async function homeIfNeeded(mcu: McuLink, say: (line: string) => void): Promise<void> {
  if (!mcu.info.capabilities.includes('home')) return;
  say('homing the gantry before the run');
  const outcome = await mcu.home();
  if (outcome.kind !== 'done' && outcome.kind !== 'already') throw new Error(`the gantry did not home (${outcome.kind}: ${'message' in outcome ? outcome.message : ''}); check its endstops and power, then run again`);
}

/**
 * Crash tests kill the process at an exact phase of an exact step: BENCHHAND_CRASH_AT=phase:step
 * (e.g. act:3). Unset, it does nothing.
 */
function crashHook(): ((phase: string, step: number) => void) | undefined {
  const spec = process.env.BENCHHAND_CRASH_AT;
  if (!spec) return undefined;
  const [phase, step] = spec.split(':');
  return (at, atStep) => {
    if (at === phase && atStep === Number(step)) process.kill(process.pid, 'SIGKILL');
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
