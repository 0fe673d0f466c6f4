// Runs the native simulated MCU (the real firmware core, built for this machine by
// `npm run firmware:native`) as a child process behind a pseudo-terminal.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { packageRoot } from '../../app/package-root.js';

export interface NativeSimMcuOptions {
  /** A stable path (symlink) to the pty that survives restarts, like a udev name for a real board. */
  linkPath?: string;
  /** Where the simulator appends one JSON line per actuation and safety event. */
  eventsFile?: string;
  /** A file the simulator reads on SIGHUP: a planned fault such as "estop-at-key 4". */
  controlFile?: string;
  workspace?: { width: number; height: number };
  resetReason?: string;
  board?: string;
  binary?: string;
}

export interface SimEvent {
  t: number;
  ev: string;
  [field: string]: unknown;
}

export function nativeSimBinary(): string {
  return `${packageRoot()}/build/native/benchhand-sim-mcu`;
}

export class NativeSimMcu {
  private exited: Promise<number | null>;

  private constructor(
    private readonly child: ChildProcess,
    readonly ptyPath: string,
    readonly options: NativeSimMcuOptions,
  ) {
    this.exited = new Promise((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
    });
  }

  static async start(options: NativeSimMcuOptions = {}): Promise<NativeSimMcu> {
    const binary = options.binary ?? nativeSimBinary();
    if (!existsSync(binary)) {
      throw new Error(`the simulated MCU is not built (${binary} is missing): run \`npm run firmware:native\` first`);
    }
    const args: string[] = [];
    if (options.linkPath) args.push('--link', options.linkPath);
    if (options.eventsFile) args.push('--events', options.eventsFile);
    if (options.controlFile) args.push('--control', options.controlFile);
    if (options.workspace) args.push('--workspace', `${options.workspace.width}x${options.workspace.height}`);
    if (options.resetReason) args.push('--reset-reason', options.resetReason);
    if (options.board) args.push('--board', options.board);
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const ptyPath = await firstPtyLine(child, binary);
    return new NativeSimMcu(child, ptyPath, options);
  }

  /** The path a host should open: the stable link when there is one. */
  get path(): string {
    return this.options.linkPath ?? this.ptyPath;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  events(): SimEvent[] {
    if (!this.options.eventsFile || !existsSync(this.options.eventsFile)) return [];
    return readFileSync(this.options.eventsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as SimEvent);
  }

  /** Pulls the serial cable: the pty and the link path go away; the MCU keeps running. */
  unplug(): void {
    this.child.kill('SIGUSR1');
  }

  /** Plugs the cable back in: a new pty behind the same link path, same boot, same ledger. */
  plug(): void {
    this.child.kill('SIGUSR2');
  }

  /**
   * Presses the board's e-stop button right after the keyth key press from now on: an e-stop in
   * the middle of typing at a chosen character, not at a moment that depends on timing.
   */
  estopAtKey(key: number): void {
    if (!this.options.controlFile) throw new Error('the simulated MCU was started without a control file');
    writeFileSync(this.options.controlFile, `estop-at-key ${key}\n`);
    this.child.kill('SIGHUP');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    await this.exited;
    this.removeStaleLink();
  }

  /**
   * A killed simulator cannot remove its own link, and the pty number it pointed at is soon given
   * to another process's pty: a host reconnecting through the stale link would then talk to some
   * other MCU. A vanished board's udev name goes away too, so the link goes with the process
   * (whichever pty a re-plug gave it; a new simulator on the same link is started after this).
   */
  private removeStaleLink(): void {
    const link = this.options.linkPath;
    if (!link) return;
    try {
      if (lstatSync(link).isSymbolicLink()) unlinkSync(link);
    } catch {
      // no link (the simulator removed it on a clean exit) or not a symlink: nothing to remove
    }
  }
}

function firstPtyLine(child: ChildProcess, binary: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => fail(new Error(`${binary} printed no "PTY <path>" line within 5 s`)), 5000);
    const fail = (error: Error) => {
      clearTimeout(timer);
      lines.close();
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('exit', (code) => fail(new Error(`${binary} exited with code ${code} before printing its pty`)));
    lines.once('line', (line) => {
      const match = /^PTY (\S+)$/.exec(line);
      if (!match) return fail(new Error(`${binary} printed "${line}" instead of "PTY <path>"`));
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve(match[1]!);
    });
  });
}
