// `benchhand run TASK [--sim [DEVICE_FILE] | --bench ADDRESS] [--state-dir DIR] ...`: runs a task
// on a virtual bench started for the run, on a running one, or on the real rig, and shows live
// progress. The exit code says how it ended. The rig, the broker, GPIO, the LLM and the guardrails
// come from the config file (--config FILE, else $BENCHHAND_CONFIG, else /etc/benchhand/config.yaml
// if it exists); flags override the file.
import { videoSettings } from '../../config/video-section.js';
import type { RunGuardrails } from '../../core/agent/guard/merge-guardrails.js';
import { join, resolve } from 'node:path';
import { loadTask } from '../../app/agent/task-file.js';
import { deviceFileForTask, type RigSource } from '../../app/bench/rig.js';
import { openBench } from '../../app/bench/open-bench.js';
import { runBenchSettings, runTask } from '../../app/agent/run-task.js';
import { recoverer } from '../../app/agent/recover.js';
import { makeRoomForNewRun } from '../../app/agent/unfinished-run.js';
import type { StopCode } from '../../core/recovery/decide.js';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parse as parseYaml } from 'yaml';
import type { GpioConfigInput } from '../../config/gpio-section.js';
import type { MqttSettings } from '../../app/agent/mqtt-wiring.js';
import { DEFAULT_EXIT_WAIT_SECONDS } from '../../config/mqtt-section.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { Termination } from '../../core/agent/types.js';
import { defaultStateDir, parseOptions, UsageError, wholeNumberFlag } from '../args.js';
import { envPairs } from '../env-flag.js';
import { YamlFileError } from '../../config/yaml-schema.js';
import type { BenchConfig } from '../../config/bench-config-schema.js';
import { cameraSectionSchema, withCameraSource, type CameraSection } from '../../config/camera-section.js';
import { ConfigError } from '../../config/config-error.js';
import { configFileToUse } from '../../config/config-file-location.js';
import { configFromEnvironment, loadConfigFile, type LoadedConfig } from '../../config/load-config.js';

const USAGE =
  'benchhand run TASK [--config FILE|none] [--sim [DEVICE_FILE] | --bench ADDRESS | --port PATH --camera SOURCE --calibration FILE] [--state-dir DIR] [--mqtt URL --bench-id ID [--mqtt-user U --mqtt-password-env VAR] [--mqtt-tls-ca FILE]] [--gpio FILE] [--ask-before REGEX]... [--keep-frames] [--no-video] [--video-inset] [--llm PROVIDER --model NAME [--llm-url URL]] [--plan] [--approve ask|all|none] [--max-steps N] [--deadline SECONDS] [--record DIR] [--env KEY=VALUE]... [--fresh] [--quiet]';

export const EXIT_CODES: Record<Termination['kind'], number> = {
  submitted: 0,
  answered: 0,
  handed_over: 3,
  budget_exhausted: 4,
  halted: 5,
  cancelled: 130,
};

/** `--sim` may stand alone (the task's own device): mark that before parseArgs sees it. */
export function normaliseSimFlag(argv: string[]): string[] {
  return argv.map((arg, i) =>
    arg === '--sim' && (i + 1 >= argv.length || argv[i + 1]!.startsWith('-')) ? '--sim=' : arg,
  );
}

export async function runCommand(argv: string[]): Promise<number> {
  return runOrResume(argv, 'run');
}

/** `benchhand resume TASK --state-dir DIR [where the hardware is]`: picks a saved run up, after recovery decides it may. */
export async function resumeCommand(argv: string[]): Promise<number> {
  return runOrResume(argv, 'resume');
}

/** What `benchhand resume` exits with when recovery stops: one code per reason. */
export const RECOVERY_EXIT_CODES: Record<StopCode, number> = {
  missing: 20,
  corrupt: 21,
  foreign: 22,
  stale: 23,
  finished: 24,
  unverifiable: 25,
  screen_mismatch: 26,
  repeated_overflow: 27,
  unreadable_screen: 28,
};

async function runOrResume(argv: string[], mode: 'run' | 'resume'): Promise<number> {
  const { values, positionals } = parseOptions(
    normaliseSimFlag(argv),
    {
      sim: { type: 'string' },
      bench: { type: 'string' },
      'state-dir': { type: 'string' },
      llm: { type: 'string' },
      model: { type: 'string' },
      'llm-url': { type: 'string' },
      plan: { type: 'boolean' },
      approve: { type: 'string' },
      'max-steps': { type: 'string' },
      deadline: { type: 'string' },
      record: { type: 'string' },
      quiet: { type: 'boolean' },
      seed: { type: 'string' },
      port: { type: 'string' },
      camera: { type: 'string' },
      calibration: { type: 'string' },
      'max-age': { type: 'string' },
      'keep-frames': { type: 'boolean' },
      'video-inset': { type: 'boolean' },
      'no-video': { type: 'boolean' },
      mqtt: { type: 'string' },
      'bench-id': { type: 'string' },
      'mqtt-user': { type: 'string' },
      'mqtt-password-env': { type: 'string' },
      'mqtt-tls-ca': { type: 'string' },
      gpio: { type: 'string' },
      'ask-before': { type: 'string', multiple: true },
      config: { type: 'string' },
      fresh: { type: 'boolean' },
      env: { type: 'string', multiple: true },
    },
    mode === 'resume' ? USAGE.replace('benchhand run', 'benchhand resume') : USAGE,
  );
  if (mode === 'resume' && !values['state-dir'])
    throw new UsageError(
      `resume needs --state-dir: the directory of the run to pick up (benchhand run printed it)\nusage: ${USAGE.replace('benchhand run', 'benchhand resume')}`,
    );
  const taskFile = positionals[0];
  if (!taskFile)
    throw new UsageError(
      `TASK (a task file) is required; --sim takes an optional device file, so put the task first\nusage: ${USAGE}`,
    );
  if (values.sim !== undefined && values.bench)
    throw new UsageError(
      `--sim and --bench exclude each other: --sim starts a bench for this run, --bench joins a running one\nusage: ${USAGE}`,
    );
  const approve = values.approve ?? 'ask';
  if (approve !== 'ask' && approve !== 'all' && approve !== 'none')
    throw new UsageError(`--approve must be ask, all or none; got "${approve}"\nusage: ${USAGE}`);
  const task = taskFrom(taskFile, envPairs(values.env ?? [], USAGE));
  const { loaded, config } = loadConfig(values.config);
  const useLlm = values.llm !== undefined || values.model !== undefined || !task.steps;
  const guardrails = guardrailFlags(values, config, USAGE);
  const mqtt = mqttSettings(values, config);
  const gpio = values.gpio ? loadGpioFile(values.gpio) : config.gpio;
  const rig = rigSource(taskFile, task.device, values, config, loaded?.file);
  const stateDir = resolve(
    values['state-dir'] ??
      join(config.bench?.stateDir ?? defaultStateDir(), 'runs', new Date().toISOString().replace(/[:.]/g, '-')),
  );
  const controller = new AbortController();
  const cancel = (signal: string) => () => controller.abort(`${signal} received`);
  process.once('SIGINT', cancel('SIGINT'));
  process.once('SIGTERM', cancel('SIGTERM'));
  const interpreter = useLlm ? 'llm' : 'script';
  const llm = useLlm ? llmConfig(values, config.llm) : undefined;
  const keepFrames = values['keep-frames'] || undefined;
  const bench = openBench({
    ...runBenchSettings({
      task,
      stateDir,
      interpreter,
      llm,
      mqtt,
      gpio,
      keepFrames,
      rig,
      ocr: config.ocr,
      // The run's video (STATE_DIR/video.mp4): the config's video section, the flags over it.
      video: videoSettings(config.video, { noVideo: values['no-video'], inset: values['video-inset'] }),
    }),
    // The run says which OCR engine reads, unless it was asked to be quiet.
    sayNotes: values.quiet !== true,
  });
  try {
    if (mode === 'run') await makeRoomForNewRun(stateDir, { fresh: values.fresh === true });
    await bench.start('rig').catch((error: unknown) => {
      if (error instanceof YamlFileError || error instanceof ConfigError) throw new UsageError(error.message);
      throw error;
    });
    say(
      `benchhand ${mode}: ${taskFile} on ${bench.get('rig').description}, ${useLlm ? 'LLM' : 'script'} interpreter; state in ${stateDir}${loaded ? `; config ${loaded.file}` : ''}`,
      values.quiet,
    );
    const outcome = await runTask({
      task,
      taskFile,
      bench,
      stateDir,
      interpreter,
      llm,
      planFirst: values.plan,
      approvals: approve,
      guardrails,
      onProgress: values.quiet ? undefined : printProgress,
      signal: controller.signal,
      keepFrames,
      mqtt,
      gpio,
      recover:
        mode === 'resume'
          ? recoverer(
              stateDir,
              task.goal,
              (line) => process.stdout.write(`${line}\n`),
              values['max-age'] ? positiveInt(values['max-age'], '--max-age') * 60000 : undefined,
            )
          : undefined,
    });
    if (outcome.kind === 'recovery_stopped') {
      const { decision } = outcome;
      process.stdout.write(
        `Stopped before anything moved: ${decision.kind === 'stop' ? decision.code : decision.kind}. A person should look at the device and the record in ${stateDir}.\n`,
      );
      return decision.kind === 'stop' ? RECOVERY_EXIT_CODES[decision.code] : 1;
    }
    const { summary } = outcome;
    process.stdout.write(`${summary.sentence}\n`);
    if (summary.termination.kind === 'submitted')
      process.stdout.write(`result: ${JSON.stringify(summary.termination.result)}\n`);
    if (summary.termination.kind === 'answered') process.stdout.write(`answer: ${summary.termination.text}\n`);
    say(`the record of this run is in ${stateDir} (result.json, journal.jsonl, audit.jsonl)`, values.quiet);
    if (outcome.video)
      say('path' in outcome.video ? `video: ${outcome.video.path}` : outcome.video.problem, values.quiet);
    return EXIT_CODES[summary.termination.kind];
  } finally {
    await bench.stop();
  }
}

/** A task file that cannot be read or does not validate is a usage error (exit 2), like a bad config. */
function taskFrom(taskFile: string, env: Record<string, string>): ReturnType<typeof loadTask> {
  try {
    return loadTask(taskFile, { env });
  } catch (error) {
    throw new UsageError(
      `${(error as Error).message}\n(a task file is YAML with a goal and, for the script interpreter, steps: see src/sim/devices/settings-wifi.task.yaml)`,
    );
  }
}

/** The config file, if there is one (else the environment's overrides alone); its problems are usage errors (exit 2: restarting cannot fix them). */
export function loadConfig(named: string | undefined): { loaded?: LoadedConfig; config: BenchConfig } {
  try {
    const file = configFileToUse(named);
    if (!file) return { config: configFromEnvironment() };
    const loaded = loadConfigFile(file);
    return { loaded, config: loaded.config };
  } catch (error) {
    if (error instanceof YamlFileError || error instanceof ConfigError)
      throw new UsageError(
        `${error.message}\n(check it with \`benchhand config check FILE\`; --config none runs without a config file)`,
      );
    throw error;
  }
}

export function rigSource(
  taskFile: string,
  device: string | undefined,
  values: {
    sim?: string;
    bench?: string;
    record?: string;
    seed?: string;
    port?: string;
    camera?: string;
    calibration?: string;
  },
  config: BenchConfig,
  configFile: string | undefined,
): RigSource {
  if (values.bench) return { kind: 'bench', url: values.bench };
  if (values.sim !== undefined) {
    const deviceFile = values.sim === '' ? deviceFileForTask(taskFile, device) : values.sim;
    return { kind: 'sim', deviceFile, recordDir: values.record, seed: values.seed ? Number(values.seed) : undefined };
  }
  const port = values.port ?? config.mcu?.port;
  const camera = values.camera !== undefined ? cameraFromFlag(values.camera, config.camera) : config.camera;
  const calibration = values.calibration !== undefined ? { file: resolve(values.calibration) } : config.calibration;
  if (port && camera && calibration)
    return {
      kind: 'config',
      settings: { port, camera, calibration, origin: configFile ? `config ${configFile}` : 'no config file' },
    };
  const missing = [
    port ? undefined : 'mcu.port (--port)',
    camera ? undefined : 'camera.source (--camera)',
    calibration ? undefined : 'calibration (--calibration)',
  ].filter(Boolean);
  throw new UsageError(
    `say where the hardware is: --sim (a virtual bench for this run), --bench ADDRESS (a running \`benchhand sim\`), or the rig with --port PATH --camera rpicam|v4l2:/dev/videoN --calibration FILE or a config file that gives them (--config FILE, $BENCHHAND_CONFIG, /etc/benchhand/config.yaml)${configFile ? `; ${configFile} and the flags lack ${missing.join(', ')}` : ''}`,
  );
}

/** --camera replaces the file's camera source; the file's options stay when it is the same kind of camera. */
function cameraFromFlag(source: string, fromFile: CameraSection | undefined): CameraSection {
  const checked = cameraSectionSchema.safeParse(withCameraSource(fromFile, source));
  if (!checked.success)
    throw new UsageError(`--camera: ${checked.error.issues.map((issue) => issue.message).join('; ')}\nusage: ${USAGE}`);
  return checked.data;
}

function llmConfig(
  values: { llm?: string; model?: string; 'llm-url'?: string },
  fromFile: BenchConfig['llm'],
): Record<string, unknown> {
  return {
    ...(fromFile ?? {
      provider: process.env.BENCHHAND_LLM_PROVIDER ?? 'anthropic',
      model: process.env.BENCHHAND_LLM_MODEL ?? '',
    }),
    ...(values.llm ? { provider: values.llm } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...(values['llm-url'] ? { baseUrl: values['llm-url'] } : {}),
  };
}

/**
 * The run's guardrails from its flags, beside the file's: whose word counts (the file, the task's
 * limits, these flags) is decided in one place, mergeGuardrails. The bounds are the guardrails' own
 * (core/agent/guard/guardrail-config.ts): refused here, by flag.
 */
export function guardrailFlags(
  values: { 'max-steps'?: string; deadline?: string; 'ask-before'?: string[] },
  config: BenchConfig,
  usage: string,
): RunGuardrails {
  return {
    ...(config.guardrails ? { bench: config.guardrails } : {}),
    run: {
      ...(values['max-steps'] !== undefined
        ? {
            maxSteps: wholeNumberFlag(
              values['max-steps'],
              '--max-steps',
              { min: 1, max: 10_000, unit: 'steps' },
              usage,
            ),
          }
        : {}),
      ...(values.deadline !== undefined
        ? {
            deadlineMs:
              wholeNumberFlag(values.deadline, '--deadline', { min: 1, max: 24 * 3600, unit: 'seconds' }, usage) * 1000,
          }
        : {}),
    },
    askBefore: (values['ask-before'] ?? []).map((pattern, i) => ({
      name: `ask-before-${i + 1}`,
      tool: '*',
      targetMatches: checkedPattern(pattern, usage),
    })),
  };
}

function checkedPattern(pattern: string, usage: string): string {
  try {
    new RegExp(pattern, 'i');
    return pattern;
  } catch (error) {
    throw new UsageError(
      `--ask-before must be a regular expression matched against what a tap lands on (e.g. "delete|pay"): ${(error as Error).message}\nusage: ${usage}`,
    );
  }
}

/** Each flag overrides its key of the file's mqtt section. */
export function mqttSettings(
  values: {
    mqtt?: string;
    'bench-id'?: string;
    'mqtt-user'?: string;
    'mqtt-password-env'?: string;
    'mqtt-tls-ca'?: string;
  },
  config: BenchConfig,
): MqttSettings | undefined {
  const file = config.mqtt;
  const url = values.mqtt ?? file?.url;
  if (!url) return undefined;
  const benchId =
    values['bench-id'] ??
    file?.benchId ??
    config.bench?.id ??
    hostname()
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '-')
      .slice(0, 32);
  const passwordEnv = values['mqtt-password-env'] ?? file?.passwordEnv;
  const username = values['mqtt-user'] ?? file?.username;
  const tlsCa = values['mqtt-tls-ca'] ?? file?.tlsCa;
  if (passwordEnv && process.env[passwordEnv] === undefined)
    throw new UsageError(
      `${values['mqtt-password-env'] ? '--mqtt-password-env' : 'mqtt.passwordEnv'} names ${passwordEnv}, which is not set: export it with the bench's broker password`,
    );
  return {
    url,
    benchId,
    ...(username ? { username } : {}),
    ...(passwordEnv ? { password: process.env[passwordEnv] } : {}),
    ...(tlsCa ? { tlsCa: readFileSync(tlsCa, 'utf8') } : {}),
    exitWaitMs: (file?.exitWaitSeconds ?? DEFAULT_EXIT_WAIT_SECONDS) * 1000,
    ...(file?.manualIdleMinutes !== undefined ? { manualIdleMs: file.manualIdleMinutes * 60_000 } : {}),
  };
}

function loadGpioFile(path: string): GpioConfigInput {
  try {
    return parseYaml(readFileSync(path, 'utf8')) as GpioConfigInput;
  } catch (error) {
    throw new UsageError(
      `--gpio ${path}: ${(error as Error).message} (a YAML file with the gpio section, see hardware/gpio.md)`,
    );
  }
}

function positiveInt(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a whole number >= 1; got "${text}"\nusage: ${USAGE}`);
  return n;
}

function printProgress(event: ProgressEvent): void {
  if (event.type === 'call') process.stdout.write(`step ${event.step}  ${event.tool}: ${event.summary}\n`);
  if (event.type === 'outcome')
    process.stdout.write(
      `step ${event.step}  ${event.tool} -> ${event.status} (${event.durationMs} ms)${event.status === 'ok' ? '' : `: ${event.content.split('\n')[0]}`}\n`,
    );
  if (event.type === 'approval')
    process.stdout.write(
      `step ${event.step}  approval for ${event.summary}: ${event.approved ? 'given' : 'refused'} by ${event.by}\n`,
    );
}

function say(text: string, quiet?: boolean): void {
  if (!quiet) process.stderr.write(`${text}\n`);
}
