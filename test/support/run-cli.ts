// Runs the benchhand CLI from source as a child process, the way a user runs the built one.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../src/cli/run.ts', import.meta.url));

export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  // A bench's installed /etc/benchhand/config.yaml must not leak into tests run on that bench.
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { BENCHHAND_CONFIG: 'none', ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with `input` on stdin and collects everything it prints. */
export function runCli(args: string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawnCli(args, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.stdin!.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}
