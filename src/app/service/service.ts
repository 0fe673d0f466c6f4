// `benchhand service`, what the systemd unit runs: keeps the bench healthy and runs the tasks
// dropped into its inbox, one at a time, each as its own `benchhand run` process (so a run can
// crash and be resumed without taking the service down). It pings the systemd watchdog only after
// a real health check; a failed check withholds the ping, and systemd restarts the service.
// With a pool (`--pool`), it is also on the broker while idle and takes the pool's jobs
// (app/fleet): each job's flow runs in this process, so a crash of the service is a crash of the
// job, resumed by this same bench when systemd starts it again.
// With a broker, the idle bench is on it as a run is (benchhand/<bench>/...): a person's `take`
// reserves it (manual-session.ts): no task or job starts until they hand it back.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ConsoleSection } from '../../config/console-section.js';
import { openBench, type Bench } from '../bench/open-bench.js';
import type { RigSource } from '../bench/rig.js';
import type { MqttSettings } from '../agent/mqtt-wiring.js';
import { FleetBench, type ClaimedJob } from '../fleet/fleet-bench.js';
import { runJob } from '../fleet/run-job.js';
import { jobRunDir } from '../fleet/job-run-dir.js';
import { RESULT_FILE } from '../../core/state/read-checkpoint.js';
import { deviceTags } from '../fleet/device-tags.js';
import { calibrationFromConfig } from '../../config/calibration-from-config.js';
import { FleetFindingsSync } from '../fleet/fleet-findings-sync.js';
import { fleetCapabilities } from '../../core/fleet/service-presence.js';
import type { Tags } from '../../core/fleet/tags.js';
import type { ConsoleServer } from '../console/console-server.js';
import { openConsole } from '../console/open-console.js';
import { idleHealth, runningHealth, type HealthReport } from './health-check.js';
import type { Notify } from './sd-notify.js';
import { TaskInbox } from './task-inbox.js';
import { deliverHandover } from './deliver-handover.js';
import { runManualSession } from './manual-session.js';
import type { OperatorCommand } from '../../core/ports/operator.js';
import type { RunGuardrails } from '../../core/agent/guard/merge-guardrails.js';
import type { RunVideoOptions } from '../video/run-video.js';
import type { MqttBench } from '../../adapters/mqtt/mqtt-bench.js';

export interface ServiceOptions {
  rig: RigSource;
  /** Serve a pool of the fleet: the broker, the pool, the tags the config adds to the device's own. */
  fleet?: { mqtt: MqttSettings; pool: string; tags: Tags; handOnMs?: number; software: string };
  /** The config's broker, pool or not: what earlier runs left unsent is delivered as the service starts. */
  mqtt?: MqttSettings;
  stateDir: string;
  /** Passed to each run, so the run sees the same bench. */
  configFile?: string;
  notify: Notify;
  pingMs: number;
  /** A run that has not saved its state for this long is unhealthy (default 120 s). */
  maxQuietRunMs?: number;
  /** Serve the operator web console too (the config's `console` section). */
  console?: ConsoleSection;
  /** The config's guardrails, for a manual session (inbox tasks read the config themselves). */
  guardrails?: RunGuardrails;
  /** The config's video settings, for a manual session; false: none. */
  video?: RunVideoOptions | false;
  say(line: string): void;
  signal: AbortSignal;
}

export async function runService(options: ServiceOptions): Promise<number> {
  const inbox = new TaskInbox(options.stateDir);
  await inbox.prepare();
  let ready = false;
  const report = async (health: HealthReport, status: string) => {
    if (health.ok) {
      await options.notify({ ...(ready ? {} : { READY: '1' }), WATCHDOG: '1', STATUS: status });
      ready = true;
    } else {
      // No ping: if this lasts past WatchdogSec, systemd restarts the service.
      await options.notify({ STATUS: `unhealthy: ${health.problems.join('; ')}` });
      options.say(`health: ${health.problems.join('; ')}`);
    }
  };
  options.say(`benchhand service: inbox ${inbox.inbox}; health checked every ${options.pingMs} ms`);
  const broker = options.mqtt ?? options.fleet?.mqtt;
  if (broker)
    await deliverHandover(broker, options.stateDir, options.say).catch((error: Error) =>
      options.say(`benchhand service: could not send what earlier runs left unsent (${error.message})`),
    );
  const consoleServer = options.console ? await serveConsole(options.console, options.say) : undefined;
  const fleet = options.fleet ? await startFleet(options, options.fleet) : undefined;
  try {
    while (!options.signal.aborted) {
      const next = await idle(options, inbox, report, fleet);
      if (!next) break;
      if (typeof next === 'string') {
        // A task from the inbox holds the bench: jobs wait (held, then handed on) meanwhile.
        fleet?.setAvailable(false);
        await runTaskProcess(options, inbox, next, report);
      } else if ('take' in next) await runReservation(options, broker!, fleet, next.take, report);
      else await runFleetJob(options, fleet!, next, report);
    }
  } finally {
    await fleet?.close();
    await consoleServer?.close();
  }
  await options.notify({ STOPPING: '1', STATUS: 'stopping' });
  return 0;
}

/**
 * The console is a window on the bench, not the bench: when it cannot be served (its port taken),
 * the service says why and goes on running tasks rather than leave the phone unattended by a
 * restart loop.
 */
async function serveConsole(settings: ConsoleSection, say: (line: string) => void): Promise<ConsoleServer | undefined> {
  try {
    const server = await openConsole(
      { brokerUrl: settings.broker, host: settings.host, port: settings.port },
      'console.port',
      say,
    );
    say(`the operator console is at ${server.url} (its browser connects to the broker at ${settings.broker})`);
    return server;
  } catch (error) {
    say(`the operator console is not served: ${(error as Error).message}`);
    return undefined;
  }
}

async function startFleet(
  options: ServiceOptions,
  settings: NonNullable<ServiceOptions['fleet']>,
): Promise<FleetBench> {
  // Jobs run in this process: the bench's e-stop record is the service's, as for its child runs.
  process.env.BENCHHAND_ESTOP_DIR ||= options.stateDir;
  // The device's own tags (model, os, resolution) from the rig, the config's on top.
  const tags = { ...(await deviceTagsOf(options.rig)), ...settings.tags };
  const findings = new FleetFindingsSync(options.stateDir, options.say);
  const fleet = await FleetBench.start({
    mqtt: settings.mqtt,
    stateDir: options.stateDir,
    pool: settings.pool,
    tags,
    ...(settings.handOnMs ? { handOnMs: settings.handOnMs } : {}),
    say: options.say,
    onFindingStatus: (id, text) => findings.receive(id, text),
    afterJob: () => findings.applyAll(),
  });
  options.say(
    `benchhand service: serving pool ${settings.pool} as ${settings.mqtt.benchId} (${Object.entries(tags)
      .map(([k, v]) => `${k}=${v}`)
      .join(',')}) on ${settings.mqtt.url}`,
  );
  fleet.describe({ tags, firmware: null, capabilities: [], software: settings.software });
  return fleet;
}

/** A real rig's tags from its calibration alone (opening it would start its camera); a virtual bench's from its description. */
async function deviceTagsOf(source: RigSource): Promise<Tags> {
  if (source.kind === 'config') return deviceTags({ calibration: calibrationFromConfig(source.settings.calibration) });
  const bench = openBench({ rig: source, say: () => undefined });
  try {
    await bench.start('rig');
    return deviceTags(bench.get('rig'));
  } finally {
    await bench.stop();
  }
}

async function runFleetJob(
  options: ServiceOptions,
  fleet: FleetBench,
  claimed: ClaimedJob,
  report: (h: HealthReport, s: string) => Promise<void>,
): Promise<void> {
  fleet.running(claimed);
  // The run saves its state at every step; the watchdog is fed meanwhile from that.
  const status = `running job ${claimed.job.jobId}`;
  const resultFile = join(jobRunDir(options.stateDir, claimed.job.jobId), RESULT_FILE);
  let done = false;
  const feeding = (async () => {
    while (!done) {
      await report(await runningHealth(true, resultFile, options.maxQuietRunMs ?? 120_000), status);
      await sleep(options.pingMs, options.signal);
      if (options.signal.aborted) return;
    }
  })();
  try {
    const outcome = await runJob(claimed, {
      ledger: fleet.ledger,
      stateDir: options.stateDir,
      rig: options.rig,
      say: options.say,
      signal: options.signal,
      ...(options.video !== undefined ? { video: options.video } : {}),
    });
    // Stopped by SIGTERM mid-job: the claim stays open, and the next start resumes it here.
    if (options.signal.aborted) return;
    await fleet.finished(claimed, outcome);
    options.say(`fleet: ${claimed.job.jobId} (${claimed.job.name}) ${outcome.status}: ${outcome.summary}`);
  } finally {
    done = true;
    await feeding;
  }
}

/**
 * Holds the MCU and camera while there is nothing to do; returns the next task, job or a person's
 * take with what came after it (or nothing on stop).
 */
async function idle(
  options: ServiceOptions,
  inbox: TaskInbox,
  report: (h: HealthReport, s: string) => Promise<void>,
  fleet?: FleetBench,
): Promise<string | ClaimedJob | { take: OperatorCommand[] } | undefined> {
  const broker = options.mqtt ?? options.fleet?.mqtt;
  const bench = openBench({
    rig: options.rig,
    stateDir: options.stateDir,
    mcu: { commandIds: 'state-dir' },
    ...(broker ? { mqtt: broker } : {}),
    say: options.say,
  });
  let described = false;
  try {
    await bench.start('rig', 'camera');
    const presence = broker ? await idlePresence(bench, options.say) : undefined;
    while (!options.signal.aborted) {
      // A link that is not up is tried again at the next check; the camera and disk are still checked.
      const linkUp = await bench.start('mcu').then(
        () => true,
        (error: Error) => {
          options.say(`the MCU link is not up: ${error.message}`);
          return false;
        },
      );
      const health = linkUp
        ? await idleHealth(bench.get('mcu'), bench.get('camera'), options.stateDir)
        : { ok: false, problems: ['no MCU link'] };
      await report(health, 'idle, waiting for a task');
      if (fleet && linkUp && !described) {
        // The firmware and what it can do, from the handshake.
        const { info } = bench.get('mcu');
        fleet.describe({
          tags: fleet.tags,
          firmware: { version: info.firmwareVersion, board: info.board, protocolVersion: info.protocolVersion },
          capabilities: fleetCapabilities(info.capabilities, info.limits.maxPathPoints),
          software: options.fleet!.software,
        });
        described = true;
      }
      fleet?.setState(
        health.ok
          ? { state: 'idle', job: null, reservedBy: undefined }
          : { state: 'unhealthy', job: null, reservedBy: undefined, problems: health.problems },
      );
      // An unhealthy bench claims nothing: what reaches it is handed on to a healthy one.
      fleet?.setAvailable(health.ok);
      const task = await inbox.take();
      if (task) return task;
      // Until the next health check: a claimed job first (its claim is durable), else a person's take.
      const until = Date.now() + options.pingMs;
      do {
        const slice = presence ? Math.min(COMMAND_POLL_MS, until - Date.now()) : options.pingMs;
        if (fleet) {
          const job = await fleet.nextJob(options.signal, slice);
          if (job) return job;
        } else await sleep(slice, options.signal);
        const take = presence ? await takeOf(presence, options.say) : undefined;
        if (take) return { take };
      } while (presence && Date.now() < until && !options.signal.aborted);
    }
    return undefined;
  } finally {
    // The run takes the serial port and the camera for itself.
    await bench.stop();
  }
}

/** How often an idle bench on the broker looks for a person's take between two health checks. */
const COMMAND_POLL_MS = 200;

/**
 * The idle bench on the broker, as a run is: status, state, view, commands. A broker that refuses
 * the bench is said, and the bench serves on without manual control. The e-stop works while idle.
 */
async function idlePresence(bench: Bench, say: (line: string) => void): Promise<MqttBench | undefined> {
  try {
    await bench.start('mqtt');
  } catch (error) {
    say(`manual control is off: ${(error as Error).message}`);
    return undefined;
  }
  const presence = bench.get('mqtt');
  presence.onEmergencyStop(async () => {
    try {
      await bench.start('mcu');
      await bench.get('mcu').emergencyStop();
      return { latched: true };
    } catch (error) {
      return { latched: false, detail: (error as Error).message };
    }
  });
  return presence;
}

/** A take among the commands that came while idle, with what came after it; anything before it is refused (nothing runs). */
async function takeOf(presence: MqttBench, say: (line: string) => void): Promise<OperatorCommand[] | undefined> {
  const commands = await presence.operator.poll();
  const at = commands.findIndex((command) => command.kind === 'take');
  for (const command of at < 0 ? commands : commands.slice(0, at)) {
    const message = `the bench is idle: nothing to ${command.kind}; take it first`;
    say(`${command.kind} from ${command.by}: ${message}`);
    presence.publishEvent('operator', { refused: true, command: command.kind, by: command.by, message });
  }
  return at < 0 ? undefined : commands.slice(at);
}

/** The bench reserved for one person (manual-session.ts): no task or job starts until they hand it back. */
async function runReservation(
  options: ServiceOptions,
  broker: MqttSettings,
  fleet: FleetBench | undefined,
  commands: OperatorCommand[],
  report: (h: HealthReport, s: string) => Promise<void>,
): Promise<void> {
  const by = commands[0]!.by;
  fleet?.setAvailable(false);
  fleet?.setState({ state: 'reserved', job: null, reservedBy: by });
  let done = false;
  // The session holds the MCU and the camera; the service is healthy while it runs.
  const feeding = (async () => {
    while (!done && !options.signal.aborted) {
      await report({ ok: true, problems: [] }, `reserved for ${by}`);
      await sleep(options.pingMs, options.signal);
    }
  })();
  try {
    await runManualSession({
      commands,
      stateDir: options.stateDir,
      rig: options.rig,
      mqtt: broker,
      ...(options.guardrails ? { guardrails: options.guardrails } : {}),
      ...(options.video !== undefined ? { video: options.video } : {}),
      say: options.say,
      signal: options.signal,
    }).catch((error: Error) => options.say(`manual control by ${by} failed: ${error.message}`));
  } finally {
    done = true;
    await feeding;
  }
}

async function runTaskProcess(
  options: ServiceOptions,
  inbox: TaskInbox,
  task: string,
  report: (h: HealthReport, s: string) => Promise<void>,
): Promise<void> {
  const runDir = join(options.stateDir, 'runs', `${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const where = options.rig.kind === 'bench' ? ['--bench', options.rig.url] : [];
  const args = [
    ...process.execArgv,
    process.argv[1]!,
    'run',
    task,
    '--state-dir',
    runDir,
    '--quiet',
    ...(options.configFile ? ['--config', options.configFile] : []),
    ...where,
  ];
  options.say(`running ${task} (state in ${runDir})`);
  // The e-stop is the bench's, not one run's: every run reads and writes the service's record.
  const env = { ...process.env, BENCHHAND_ESTOP_DIR: options.stateDir };
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  let alive = true;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      alive = false;
      resolve(code);
    }),
  );
  const stop = () => child.kill('SIGTERM'); // the run stops at its next safe point and saves its state
  options.signal.addEventListener('abort', stop, { once: true });
  while (alive) {
    await report(
      await runningHealth(alive, join(runDir, 'result.json'), options.maxQuietRunMs ?? 120_000),
      `running ${task}`,
    );
    await Promise.race([exited, sleep(options.pingMs)]);
  }
  options.signal.removeEventListener('abort', stop);
  const code = await exited;
  const done = await inbox.finish(task, code);
  options.say(`finished ${task} with exit code ${code}; moved to ${done}`);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // The listener goes when the timer fires: the fleet's loops sleep often on one signal.
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
