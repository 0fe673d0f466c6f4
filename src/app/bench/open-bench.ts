// The composition root: the one place that builds the bench's adapters. Every command (run, resume,
// service, calibrate, ocr, console, demo, estop release; doctor and flash through app/doctor and app/flash) says
// which parts it needs, starts them (all, or a few first: a resume looks before it connects the
// MCU), takes them with get(), and stops the bench once. Parts start in the order below, each after
// the parts it needs, and stop in reverse (lifecycle.ts).
import { mkdir } from 'node:fs/promises';
import type { BenchGpio } from '../../adapters/gpio/index.js';
import { createLlm, type Llm } from '../../adapters/llm/index.js';
import { FileCommandIds, MemoryCommandIds, type CommandIdSource } from '../../adapters/mcu-serial/command-ids.js';
import { McuLink, type McuLinkOptions } from '../../adapters/mcu-serial/link.js';
import {
  estopDirectory,
  FileEmergencyStopRecord,
  MemoryEmergencyStopRecord,
} from '../../adapters/mcu-serial/estop-record.js';
import type { MqttBench } from '../../adapters/mqtt/mqtt-bench.js';
import {
  cameraScreenReader,
  fieldReader,
  screenReader,
  startOcr,
  type ScreenReaderOptions,
  type OcrReader,
  type OcrEngineChoice,
  type OcrModelChoice,
  ocrModelChoice,
  OCR_MODEL_VARIABLE,
  ocrEngineChoice,
  OCR_ENGINE_VARIABLE,
  frameGateOn,
  FRAME_GATE_VARIABLE,
  gatedCapture,
} from '../../adapters/observer-camera/index.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import type { RetakePolicy } from '../../core/vision/retake-policy.js';
import { FileOperator } from '../../adapters/operator-file/file-operator.js';
import { runIdFromResultFile } from '../../adapters/store/findings-run-id.js';
import { FileRunStore } from '../../adapters/store/file-run-store.js';
import type { GpioConfigInput } from '../../config/gpio-section.js';
import type { CameraPort } from '../../core/ports/camera.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { openBenchHardware, type BenchHardware } from '../agent/bench-hardware.js';
import { deviceForFindings, FindingsLog, findingsDirectoryFor } from '../agent/findings-log.js';
import { connectMqtt, mqttSnapshot, wireMqttCommands, type MqttSettings } from '../agent/mqtt-wiring.js';
import { keepFrames, type FrameKeeper } from '../report/frame-keeper.js';
import { ocrWorkers } from '../vision/ocr-workers.js';
import type { ScreenInput, ScreenReaderPort } from '../../core/ports/screen-reader.js';
import { connectMqttClient, type MqttClient } from '../../adapters/mqtt/mqtt-client.js';
import { Lifecycle } from './lifecycle.js';
import { cameraAndReader, observerPipeline, type ObserverPipeline } from './observer-pipeline.js';
import { cameraFromSource, openRig, type Rig, type RigSource } from './rig.js';
import { runVideo, type RunVideo, type RunVideoOptions } from '../video/run-video.js';

export interface BenchSettings {
  /** Where the hardware is (run, resume, service). */
  rig?: RigSource;
  /** A camera alone, without a rig (calibrate): rpicam, v4l2:/dev/videoN, replay:PATH or an http:// address. */
  cameraSource?: string;
  /** The run's (or the console's) state directory: MCU command ids, the store, the operator file, findings. */
  stateDir?: string;
  mcu?: {
    /** Default: the rig's serial path. */
    path?: string;
    /**
     * 'state-dir': ids survive a restart (STATE_DIR/mcu-command-ids.json); 'memory': a one-off
     * session; 'none': a handshake only (flash, doctor), which sends no ledgered command.
     */
    commandIds: 'state-dir' | 'memory' | 'none';
    /** The e-stop record: default STATE_DIR's with state-dir command ids, else one in memory. */
    estop?: 'state-dir' | 'memory';
    /** The link's timing (a handshake gives up sooner than a run). */
    timing?: Pick<McuLinkOptions, 'replyTimeoutMs' | 'maxSends' | 'heartbeatMs' | 'open'>;
    trace?: McuLinkOptions['trace'];
    /** A gantry must find its endstops before its first tap. */
    home?: boolean;
  };
  /**
   * `workers`: tesseract workers reading bands and buttons side by side (default: ocrWorkers());
   * `model`: the English model (default: BENCHHAND_OCR_MODEL, else best_int; auto or fast take Debian's fast model).
   */
  ocr?: {
    warmUp?: boolean;
    workers?: number;
    model?: OcrModelChoice;
    /** Tesseract languages besides English (the config's ocr.languages). */
    languages?: readonly string[];
    /** 'auto': the line detector where it runs (the default); 'tesseract': tesseract alone. */
    engine?: OcrEngineChoice;
  };
  /**
   * The observer pipeline (observer-pipeline.ts): camera, reader, secrets, frames, snapshot, video.
   * The calibration defaults to the rig's. `everyFrame`: read every frame anew, never reuse the last
   * reading of an unchanged content area (what changes outside it — the pointer location at the
   * top — matters to the reader). `secrets`: the task's secret values, hidden from every look.
   * `keepFrames`: the report's pictures. `video`: every picture into the run's video
   * (app/video/run-video.ts). `gate`: the quality gate's retake policy (default:
   * core/vision/retake-policy.ts's, unless BENCHHAND_FRAME_GATE=off); false: every first frame read as it comes.
   */
  observer?: {
    calibration?: () => ScreenCalibration;
    keepFrames?: boolean;
    everyFrame?: boolean;
    gate?: RetakePolicy | false;
    secrets?: readonly string[];
    video?: RunVideoOptions;
  };
  mqtt?: MqttSettings;
  /** A bare MQTT 5 client of its own (the doctor's broker check), not the bench's presence. */
  broker?: { url: string; clientId: string; connectTimeoutMs: number; username?: string; password?: string };
  findings?: { taskDevice?: string };
  store?: boolean;
  /** The operator hub (control file, MQTT, e-stop button) and the GPIO; `gpio` is the config section or an opened BenchGpio. */
  operators?: { gpio?: GpioConfigInput | BenchGpio };
  llm?: { config: unknown };
  say?(line: string): void;
  /** Also say informational lines (which OCR engine reads); unset: warnings only, so a command's stderr stays its own. */
  sayNotes?: boolean;
}

export interface BenchParts {
  rig: Rig;
  camera: CameraPort;
  mqtt: MqttBench;
  findings: FindingsLog;
  ocr: OcrReader;
  observer: ObserverPort;
  mcu: McuLink;
  /** The bench's durable e-stop (STATE_DIR/estop.json, or the service's): survives an MCU reboot and a restart. */
  estop: FileEmergencyStopRecord | MemoryEmergencyStopRecord;
  broker: MqttClient;
  store: FileRunStore;
  hardware: BenchHardware;
  llm: Llm;
}

export type PartName = keyof BenchParts;

export interface Bench {
  /** Starts the named parts (and what they need) that the settings asked for; none named: every one of them. */
  start(...names: PartName[]): Promise<void>;
  /** Safe after a partial start, and more than once. */
  stop(): Promise<void>;
  get<K extends PartName>(name: K): BenchParts[K];
  /** The frame keeper, when the observer keeps the run's pictures. */
  readonly keeper?: FrameKeeper;
  /** The run's video, when the observer records one: finish() writes STATE_DIR/video.mp4. */
  readonly video?: RunVideo;
  /** Reads one picture (the ocr part must be started): the camera->model pipeline without a camera. */
  screenReader(input: ScreenInput, options?: ScreenReaderOptions): ScreenReaderPort;
}

export function openBench(settings: BenchSettings): Bench {
  const say = settings.say ?? ((line: string) => process.stderr.write(`${line}\n`));
  const parts: Partial<BenchParts> = {};
  let keeper: FrameKeeper | undefined;
  let video: RunVideo | undefined;
  let pipeline: ObserverPipeline | undefined;
  const lifecycle = new Lifecycle();
  const get = <K extends PartName>(name: K): BenchParts[K] => {
    const part = parts[name];
    if (part === undefined)
      throw new Error(`the bench's ${name} is not started: start it first (a bug in the command that asked for it)`);
    return part as BenchParts[K];
  };
  const stateDir = (): string => {
    if (!settings.stateDir)
      throw new Error('this part of the bench needs a state directory: pass stateDir to openBench');
    return settings.stateDir;
  };
  const part = <K extends PartName>(
    name: K,
    needs: PartName[],
    start: () => Promise<BenchParts[K]>,
    stop: (value: BenchParts[K]) => Promise<unknown>,
  ) => {
    lifecycle.add({
      name,
      needs,
      start: async () => {
        parts[name] = await start();
      },
      stop: async () => {
        const value = parts[name];
        delete parts[name];
        if (value !== undefined) await stop(value);
      },
    });
  };

  if (settings.rig)
    part(
      'rig',
      [],
      () => openRig(settings.rig!),
      (rig) => rig.close(),
    );
  if (settings.rig || settings.cameraSource) {
    part(
      'camera',
      ['rig'],
      async () => parts.rig?.camera ?? cameraFromSource(settings.cameraSource!),
      (camera) => camera.close(),
    );
  }
  if (settings.mqtt) {
    // Joined early: operators see the bench and can steer it even while it recovers.
    part(
      'mqtt',
      [],
      async () => {
        await makeStateDir(stateDir());
        return connectMqtt(settings.mqtt!, stateDir(), say);
      },
      (mqtt) => mqtt.close(),
    );
  }
  if (settings.findings) {
    // Before the device is touched: a damaged findings.json stops the run first.
    part(
      'findings',
      ['rig', 'mqtt'],
      () =>
        FindingsLog.open(findingsDirectoryFor(stateDir()), {
          device: deviceForFindings(settings.findings!.taskDevice, parts.rig?.description ?? 'the bench'),
          runId: () => runIdFromResultFile(stateDir()),
          ...(parts.mqtt ? { onSaved: (saved) => parts.mqtt!.publishFinding(saved) } : {}),
        }),
      (findings) => findings.close(),
    );
  }
  if (settings.ocr || settings.observer) {
    part(
      'ocr',
      [],
      () =>
        startOcr({
          workers: settings.ocr?.workers ?? ocrWorkers(),
          warmUp: settings.ocr?.warmUp ?? true,
          // Unset: startOcr's default for the engine that reads (index.ts).
          ...(settings.ocr?.model || process.env[OCR_MODEL_VARIABLE]
            ? { model: settings.ocr?.model ?? ocrModelChoice(process.env[OCR_MODEL_VARIABLE]) }
            : {}),
          ...(settings.ocr?.languages ? { languages: settings.ocr.languages } : {}),
          engine: settings.ocr?.engine ?? ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]),
          say,
          ...(settings.sayNotes ? { note: say } : {}),
        }),
      (pool) => pool.close(),
    );
  }
  if (settings.observer) {
    const options = settings.observer;
    part(
      'observer',
      ['camera', 'ocr', 'mqtt'],
      async () => {
        const rig = parts.rig;
        const calibration =
          options.calibration?.() ??
          (rig ? { deviceSize: rig.calibration.deviceSize, screenCorners: rig.calibration.screenCorners } : undefined);
        if (!calibration)
          throw new Error("the observer needs the screen's calibration: a rig, or observer.calibration");
        // Incremental reads: only the places the content fingerprint saw change are read again, and no
        // line is carried over from a place that changed (src/adapters/observer-camera/index.ts).
        const reader = cameraScreenReader(get('ocr'), calibration, { everyFrame: options.everyFrame });
        keeper = options.keepFrames ? keepFrames(stateDir(), calibration) : undefined;
        video = options.video ? runVideo(stateDir(), calibration, options.video) : undefined;
        // Typing's second look at a field reads the camera's picture again with a worker of its own.
        // A frame that fails the quality gate is retaken, or agreeing ones fused (gated-capture.ts).
        const gate =
          options.gate === false || !frameGateOn(process.env[FRAME_GATE_VARIABLE])
            ? undefined
            : gatedCapture(get('camera'), calibration, systemClock, options.gate);
        pipeline = observerPipeline(cameraAndReader(get('camera'), reader, fieldReader(calibration), gate), {
          ...(options.secrets ? { secrets: options.secrets } : {}),
          calibration,
          ...(keeper ? { frames: keeper } : {}),
          ...(parts.mqtt ? { snapshot: mqttSnapshot(parts.mqtt, calibration, say) } : {}),
          ...(video ? { video } : {}),
        });
        return pipeline;
      },
      async () => {
        // The camera is the camera part's to close.
        await pipeline?.finish();
        pipeline = undefined;
        keeper = undefined;
      },
    );
  }
  if (settings.mcu) {
    const options = settings.mcu;
    const estopKind = options.estop ?? (options.commandIds === 'state-dir' ? 'state-dir' : 'memory');
    part(
      'estop',
      [],
      async () => {
        if (estopKind !== 'state-dir') return new MemoryEmergencyStopRecord();
        await makeStateDir(stateDir());
        return FileEmergencyStopRecord.open(estopDirectory(stateDir()));
      },
      async () => undefined,
    );
    // The one place the MCU link is opened: runs, the service, flash and doctor's handshake, the e-stop release.
    part(
      'mcu',
      ['rig', 'estop'],
      async () => {
        const path = options.path ?? parts.rig?.serialPath;
        if (!path) throw new Error('the MCU link needs a serial path: a rig, or mcu.path');
        const link = await McuLink.connect({
          path,
          commandIds: await commandIdsFor(options.commandIds, stateDir),
          estop: get('estop'),
          ...(options.trace ? { trace: options.trace } : {}),
          ...options.timing,
        });
        if (options.home)
          await homeIfNeeded(link, say).catch(async (error: unknown) => {
            await link.close();
            throw error;
          });
        return link;
      },
      (link) => link.close(),
    );
  }
  if (settings.broker) {
    const broker = settings.broker;
    part(
      'broker',
      [],
      () =>
        connectMqttClient(broker.url, {
          clean: true,
          reconnectPeriod: 0,
          connectTimeout: broker.connectTimeoutMs,
          clientId: broker.clientId,
          ...(broker.username !== undefined ? { username: broker.username } : {}),
          ...(broker.password !== undefined ? { password: broker.password } : {}),
        }),
      (client) => client.endAsync(),
    );
  }
  if (settings.store)
    part(
      'store',
      [],
      async () => {
        await makeStateDir(stateDir());
        return FileRunStore.open(stateDir());
      },
      (store) => store.close(),
    );
  if (settings.operators) {
    part(
      'hardware',
      ['mcu', 'mqtt', 'findings'],
      async () => {
        const mqtt = parts.mqtt;
        const hardware = openBenchHardware(
          get('mcu'),
          [new FileOperator(stateDir()), ...(mqtt ? [mqtt.operator] : [])],
          settings.operators!.gpio,
          say,
        );
        if (mqtt) wireMqttCommands(mqtt, hardware, get('findings'), parts.estop);
        return hardware;
      },
      async (hardware) => hardware.close(),
    );
  }
  if (settings.llm)
    part(
      'llm',
      [],
      async () => createLlm(settings.llm!.config),
      async () => undefined,
    );

  return {
    // A named part the settings did not ask for is skipped: a run without MQTT starts 'mqtt' as a no-op.
    start: (...names) => lifecycle.start(names.length ? names.filter((name) => lifecycle.has(name)) : undefined),
    stop: () => lifecycle.stop((name, error) => say(`stopping the bench's ${name}: ${error.message}`)),
    get,
    get keeper() {
      return keeper;
    },
    get video() {
      return video;
    },
    screenReader: (input, options) => screenReader(get('ocr'), input, options),
  };
}

/** A handshake sends no ledgered command, so no id is ever taken. */
const NO_COMMAND_IDS: CommandIdSource = {
  next: () => Promise.reject(new Error('a handshake sends no commands')),
};

async function commandIdsFor(kind: 'state-dir' | 'memory' | 'none', stateDir: () => string): Promise<CommandIdSource> {
  if (kind === 'none') return NO_COMMAND_IDS;
  if (kind === 'memory') return new MemoryCommandIds();
  await makeStateDir(stateDir());
  return new FileCommandIds(stateDir());
}

async function makeStateDir(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
}

/** A gantry must find its endstops before its first tap (the MCU refuses taps until then). */
async function homeIfNeeded(mcu: McuLink, say: (line: string) => void): Promise<void> {
  if (!mcu.info.capabilities.includes('home')) return;
  say('homing the gantry before the run');
  const outcome = await mcu.home();
  if (outcome.kind !== 'done' && outcome.kind !== 'already')
    throw new Error(
      `the gantry did not home (${outcome.kind}: ${'message' in outcome ? outcome.message : ''}); check its endstops and power, then run again`,
    );
}
