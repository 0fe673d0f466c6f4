// A real mosquitto for the MQTT tests: started on a free loopback port from a temporary config,
// anonymous, or with a password file and an ACL; stoppable and restartable on the same port in
// the middle of a test (the broker-outage tests), and always stopped afterwards.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The ACL the project ships (host/mosquitto/acl), for tests that need the roles and the
 * per-user command topics exactly as deployed: benches named by bench id, operator "alice",
 * viewer "vic", and "homeassistant".
 */
export function shippedAcl(): string {
  return readFileSync(new URL('../../host/mosquitto/acl', import.meta.url), 'utf8');
}

const CANDIDATES = [
  '/usr/sbin/mosquitto',
  '/usr/local/sbin/mosquitto',
  '/opt/homebrew/sbin/mosquitto',
  '/usr/local/opt/mosquitto/sbin/mosquitto',
];

/** The mosquitto binary, or null. */
export function findMosquitto(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v mosquitto'], { encoding: 'utf8' });
  if (onPath.status === 0 && onPath.stdout.trim()) return onPath.stdout.trim();
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/** Null when mosquitto is installed; otherwise what to install. */
export function mosquittoMissing(): string | null {
  return findMosquitto()
    ? null
    : 'mosquitto is not installed: `apt-get install mosquitto` (Debian/Ubuntu; scripts/setup-system.sh does it) or `brew install mosquitto`';
}

export interface BrokerUser {
  username: string;
  password: string;
}

export interface MosquittoOptions {
  /** Users for a password file; with them anonymous access is off. */
  users?: BrokerUser[];
  /** mosquitto ACL text (only with users); shippedAcl() for the one in host/mosquitto. */
  acl?: string;
  /**
   * Keep sessions, their queued messages and retained messages across restart() (mosquitto saves
   * its database when stopped with SIGTERM). Off by default: a restart then forgets everything.
   */
  persistence?: boolean;
  /**
   * Also listen for MQTT over WebSockets (the web console's browser) on a second free loopback
   * port, under the same users and ACL: `webSocketsUrl`. (mosquitto 2.0.11 needs the plain
   * listener beside it anyway.)
   */
  webSockets?: boolean;
}

export class Mosquitto {
  private child?: ChildProcess;
  private output = '';

  private constructor(
    readonly port: number,
    private readonly dir: string,
    private readonly binary: string,
    readonly webSocketsPort?: number,
  ) {}

  static async start(options: MosquittoOptions = {}): Promise<Mosquitto> {
    const binary = findMosquitto();
    if (!binary) throw new Error(mosquittoMissing()!);
    const dir = await mkdtemp(join(tmpdir(), 'benchhand-mosquitto-'));
    const port = await freePort();
    const webSocketsPort = options.webSockets ? await freePort() : undefined;
    const lines = [
      `listener ${port} 127.0.0.1`,
      ...(webSocketsPort ? [`listener ${webSocketsPort} 127.0.0.1`, 'protocol websockets'] : []),
      ...(options.persistence ? ['persistence true', `persistence_location ${dir}/`] : ['persistence false']),
      // Run as root (a container, CI), mosquitto would switch to the "mosquitto" user, which cannot read this directory.
      'user root',
      'set_tcp_nodelay true',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
    ];
    if (options.users) {
      const passwords = join(dir, 'passwords');
      await writeFile(passwords, '', { mode: 0o600 });
      for (const user of options.users) {
        const made = spawnSync('mosquitto_passwd', ['-b', passwords, user.username, user.password], {
          encoding: 'utf8',
        });
        if (made.status !== 0)
          throw new Error(`mosquitto_passwd failed for ${user.username}: ${made.stderr || made.error?.message}`);
      }
      await chmod(passwords, 0o600);
      lines.push('allow_anonymous false', `password_file ${passwords}`);
      if (options.acl !== undefined) {
        const acl = join(dir, 'acl');
        await writeFile(acl, options.acl, { mode: 0o600 });
        lines.push(`acl_file ${acl}`);
      }
    } else {
      lines.push('allow_anonymous true');
    }
    await writeFile(join(dir, 'mosquitto.conf'), `${lines.join('\n')}\n`);
    const broker = new Mosquitto(port, dir, binary, webSocketsPort);
    await broker.resume();
    return broker;
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  /** ws://127.0.0.1:<port> when started with webSockets; throws otherwise (a test set up wrong). */
  get webSocketsUrl(): string {
    if (!this.webSocketsPort)
      throw new Error('this mosquitto has no websockets listener: start it with { webSockets: true }');
    return `ws://127.0.0.1:${this.webSocketsPort}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** What mosquitto printed (for failure messages). */
  get log(): string {
    return this.output;
  }

  /** Stops the broker (SIGTERM, then SIGKILL) and waits for it to exit; the port stays ours to reuse. */
  async pause(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
    await exited;
    clearTimeout(timer);
  }

  /** Starts it again on the same port, and waits until it accepts connections. */
  async resume(): Promise<void> {
    if (this.child) return;
    const child = spawn(this.binary, ['-c', join(this.dir, 'mosquitto.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    this.child = child;
    const deadline = Date.now() + 5000;
    while (
      !(await accepts(this.port)) ||
      (this.webSocketsPort !== undefined && !(await accepts(this.webSocketsPort)))
    ) {
      if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}: ${this.output.trim()}`);
      if (Date.now() > deadline)
        throw new Error(`mosquitto did not listen on ${this.port} within 5 s: ${this.output.trim()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async restart(): Promise<void> {
    await this.pause();
    await this.resume();
  }

  async stop(): Promise<void> {
    await this.pause();
    await rm(this.dir, { recursive: true, force: true });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
