// Every registered benchmark runs to the end at its smoke size, each in a process of its own the
// way `npm run bench` starts it (no vitest in it: a benchmark that imports a test hook crashes
// there). The figures are not asserted: smoke sizes measure nothing; a benchmark that needs what
// this machine lacks (../shared/real-apps, mosquitto) must say SKIPPED and why, not fail. The
// benchmarks are shared by two test files (`part`), so two workers run them side by side; each has
// its own hang guard, so one slow benchmark on a busy machine does not use up the others' time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS, type Benchmark } from '../../scripts/bench/registry.js';

/** A hang guard for one benchmark's smoke run: 30 to 60 s on an idle 2-core machine, several times that beside other work. */
const SMOKE_GUARD_MS = 600_000;

export function benchSmokeTests(part: 0 | 1): void {
  const mine = BENCHMARKS.filter((_, index) => index % 2 === part);
  describe(`npm run bench -- --smoke, part ${part + 1} of 2`, () => {
    it.each(mine.map((benchmark) => [benchmark.name, benchmark] as const))(
      '%s runs to the end and saves its figures',
      async (_name, benchmark) => {
        const { code, output, saved } = await smokeRun(benchmark);
        expect(code, output.slice(-4000)).toBe(0);
        expect(output).toContain(`## ${benchmark.name} (smoke, size ${benchmark.smoke})`);
        const figures = saved[benchmark.name] as Record<string, unknown> | undefined;
        expect(figures, benchmark.name).toBeDefined();
        expect(Object.keys(figures!).length, benchmark.name).toBeGreaterThan(0);
        expect(benchmark.smoke).toBeLessThan(benchmark.full);
      },
      SMOKE_GUARD_MS,
    );
  });
}

async function smokeRun(benchmark: Benchmark) {
  const out = join(mkdtempSync(join(tmpdir(), 'bh-bench-smoke-')), 'figures.json');
  // The full name selects this benchmark alone: no name is a part of another.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/run.ts', '--smoke', benchmark.name, '--out', out],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const saved = code === 0 ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  return { code, output, saved };
}
