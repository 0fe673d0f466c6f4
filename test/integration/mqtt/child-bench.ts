// Starts bench-process.ts in a child process and reads its progress lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./bench-process.ts', import.meta.url));

export class ChildBench {
  private output = '';
  private constructor(readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      this.output += chunk.toString();
    });
  }

  static start(env: { url: string; stateDir: string; events?: number }): ChildBench {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, BENCH_URL: env.url, BENCH_STATE_DIR: env.stateDir, BENCH_EVENTS: String(env.events ?? 0) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new ChildBench(child);
  }

  async waitFor(line: RegExp, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = line.exec(this.output);
      if (match) return match[0];
      if (this.exited) throw new Error(`the bench process exited (${this.child.exitCode}): ${this.output}`);
      if (Date.now() > deadline)
        throw new Error(`the bench process did not print ${line} within ${timeoutMs} ms: ${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  get exited(): boolean {
    return this.child.exitCode !== null || this.child.signalCode !== null;
  }

  /** kill -9: no DISCONNECT, no "offline" of its own; only the broker's last will. */
  async crash(): Promise<void> {
    if (this.exited) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}
