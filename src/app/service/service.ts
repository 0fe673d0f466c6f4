// `benchhand service`, what the systemd unit runs: keeps the bench healthy and runs the tasks
// dropped into its inbox, one at a time, each as its own `benchhand run` process (so a run can
// crash and be resumed without taking the service down). It pings the systemd watchdog only after
// a real health check; a failed check withholds the ping, and systemd restarts the service.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { ConsoleSection } from '../../config/console-section.js';
import { openBench } from '../bench/open-bench.js';
import type { ConsoleServer } from '../console/console-server.js';
import { openConsole } from '../console/open-console.js';
import type { RigSettings } from '../bench/rig.js';
import { idleHealth, runningHealth, type HealthReport } from './health-check.js';
import type { Notify } from './sd-notify.js';
import { TaskInbox } from './task-inbox.js';

export interface ServiceOptions {
  rig: RigSettings;
  stateDir: string;
  /** Passed to each run, so the run sees the same bench. */
  configFile?: string;
  notify: Notify;
  pingMs: number;
  /** A run that has not saved its state for this long is unhealthy (default 120 s). */
  maxQuietRunMs?: number;
  /** Serve the operator web console too (the config's `console` section). */
  console?: ConsoleSection;
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
  const consoleServer = options.console ? await serveConsole(options.console, options.say) : undefined;
  try {
    while (!options.signal.aborted) {
      const task = await idle(options, inbox, report);
      if (!task) break;
      await runTaskProcess(options, inbox, task, report);
    }
  } finally {
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
    const server = await openConsole({ brokerUrl: settings.broker, host: settings.host, port: settings.port }, 'console.port', say);
    say(`the operator console is at ${server.url} (its browser connects to the broker at ${settings.broker})`);
    return server;
  } catch (error) {
    say(`the operator console is not served: ${(error as Error).message}`);
    return undefined;
  }
}

/** Holds the MCU and camera while there is nothing to do; returns the next task (or nothing on stop). */
async function idle(options: ServiceOptions, inbox: TaskInbox, report: (h: HealthReport, s: string) => Promise<void>): Promise<string | undefined> {
  const bench = openBench({ rig: { kind: 'config', settings: options.rig }, stateDir: options.stateDir, mcu: { commandIds: 'state-dir' }, say: options.say });
  try {
    await bench.start('rig', 'camera');
    while (!options.signal.aborted) {
      // A link that is not up is tried again at the next check; the camera and disk are still checked.
      const linkUp = await bench.start('mcu').then(() => true, (error: Error) => {
        options.say(`the MCU link is not up: ${error.message}`);
        return false;
      });
      const health = linkUp ? await idleHealth(bench.get('mcu'), bench.get('camera'), options.stateDir) : { ok: false, problems: ['no MCU link'] };
      await report(health, 'idle, waiting for a task');
      const task = await inbox.take();
      if (task) return task;
      await sleep(options.pingMs, options.signal);
    }
    return undefined;
  } finally {
    // The run takes the serial port and the camera for itself.
    await bench.stop();
  }
}

async function runTaskProcess(options: ServiceOptions, inbox: TaskInbox, task: string, report: (h: HealthReport, s: string) => Promise<void>): Promise<void> {
  const runDir = join(options.stateDir, 'runs', `${new Date().toISOString().replace(/[:.]/g, '-')}`);
  const args = [...process.execArgv, process.argv[1]!, 'run', task, '--state-dir', runDir, '--quiet', ...(options.configFile ? ['--config', options.configFile] : [])];
  options.say(`running ${task} (state in ${runDir})`);
  // The e-stop is the bench's, not one run's: every run reads and writes the service's record.
  const env = { ...process.env, BENCHHAND_ESTOP_DIR: options.stateDir };
  const child: ChildProcess = spawn(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  let alive = true;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => { alive = false; resolve(code); }));
  const stop = () => child.kill('SIGTERM'); // the run stops at its next safe point and saves its state
  options.signal.addEventListener('abort', stop, { once: true });
  while (alive) {
    await report(await runningHealth(alive, join(runDir, 'result.json'), options.maxQuietRunMs ?? 120_000), `running ${task}`);
    await Promise.race([exited, sleep(options.pingMs)]);
  }
  options.signal.removeEventListener('abort', stop);
  const code = await exited;
  const done = await inbox.finish(task, code);
  options.say(`finished ${task} with exit code ${code}; moved to ${done}`);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}
