// Runs the Leonardo firmware image (touch variant, built by `npm run firmware:avr`) in simavr
// with its Serial1 bridged to a pty (build/tools/simavr-pty/simavr-pty), so the TypeScript link
// can talk to the real AVR build. The harness prints exactly one stdout line, `PTY <path>`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
export const SIMAVR_PTY_BINARY = join(root, 'build/tools/simavr-pty/simavr-pty');
export const LEONARDO_TOUCH_ELF = join(root, 'build/firmware/leonardo/benchhand-touch/benchhand-touch.elf');

/** Null when both are built; otherwise what is missing and how to build it. */
export function simavrMissing(): string | null {
  const missing = [SIMAVR_PTY_BINARY, LEONARDO_TOUCH_ELF].filter((path) => !existsSync(path));
  if (missing.length === 0) return null;
  return `AVR image in simavr not available (${missing.join(', ')} missing): run \`npm run firmware:avr\``;
}

export class SimavrMcu {
  private stderr = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly path: string,
  ) {
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString();
    });
  }

  static start(elf = LEONARDO_TOUCH_ELF, timeoutMs = 5000): Promise<SimavrMcu> {
    const child = spawn(SIMAVR_PTY_BINARY, [elf], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return new Promise((resolve, reject) => {
      let stdout = '';
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new Error(`simavr-pty ${why} (${elf})${stderr ? `: ${stderr.trim()}` : ''}`));
      };
      const timer = setTimeout(() => fail(`printed no PTY line within ${timeoutMs} ms`), timeoutMs);
      child.once('exit', (code) => fail(`exited with ${code} before printing its PTY line`));
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^PTY (\S+)$/m.exec(stdout);
        if (!match) return;
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve(new SimavrMcu(child, match[1]!));
      });
    });
  }

  /** simavr's own log so far (useful in a failure message). */
  log(): string {
    return this.stderr;
  }

  /** SIGTERM, then SIGKILL if the harness has not exited within a second. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 1000);
    await exited;
    clearTimeout(timer);
  }
}
