// Vitest global setup: the CLI the tests spawn, transpiled once per test run. Each spawn through
// tsx paid about 1.5 CPU-s for tsx's loader before the command began (hundreds of spawns in the
// suite); the same esbuild transform done once up front costs about a second. Every run writes a
// folder of its own (two test runs in one checkout must not pull files from under each other) and
// removes it at the end; run-cli.ts spawns the entry named in BENCHHAND_TEST_CLI, and falls back to
// tsx on the source where it is not set (the benchmarks, a single file run outside vitest).
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default async function buildCliForTests(): Promise<() => void> {
  const outdir = join(root, 'build', 'test-cli', String(process.pid));
  const entryPoints = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
  // No bundling: one file out per file in, so paths relative to a module stay as they are in src/.
  await build({
    entryPoints,
    outdir,
    outbase: join(root, 'src'),
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  process.env.BENCHHAND_TEST_CLI = join(outdir, 'cli', 'run.js');
  return () => rmSync(outdir, { recursive: true, force: true });
}
