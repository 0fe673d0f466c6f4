// Runs the benchhand CLI from source as a child process, the way a user runs the built one: the
// copy the test run transpiled from src/ (build-cli-for-tests.ts), else the source through tsx.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../src/cli/run.ts', import.meta.url));

function command(): string[] {
  const built = process.env.BENCHHAND_TEST_CLI;
  return built ? [built] : ['--import', 'tsx', source];
}

/** Commands that draw a run video at their end unless told `--no-video`. */
const VIDEO_COMMANDS = new Set(['run', 'resume', 'test']);

/**
 * The env a test passes to keep the run video on. Without it a run, resume or test is spawned with
 * `--no-video`: drawing and encoding the video costs about 2 CPU-s a run, a sixth of a short run,
 * and only the tests about the video (and what links it) look at it.
 */
export const WITH_VIDEO: NodeJS.ProcessEnv = { BENCHHAND_TEST_WITH_VIDEO: '1' };

export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const keepVideo =
    env.BENCHHAND_TEST_WITH_VIDEO === '1' || !VIDEO_COMMANDS.has(args[0] ?? '') || args.includes('--no-video');
  // A bench's installed /etc/benchhand/config.yaml must not leak into tests run on that bench.
  return spawn(process.execPath, [...command(), ...args, ...(keepVideo ? [] : ['--no-video'])], {
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
