// Every registered benchmark runs to the end at its smoke size, in a process of its own the way
// `npm run bench` starts it (no vitest in it: a benchmark that imports a test hook crashes there).
// The figures are not asserted: smoke sizes measure nothing; a benchmark that needs what this
// machine lacks (../shared/real-apps, mosquitto) must say SKIPPED and why, not fail.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS } from '../../scripts/bench/registry.js';

describe('npm run bench -- --smoke', () => {
  it('runs every registered benchmark to the end and saves their figures', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/run.ts', '--smoke'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, output.slice(-4000)).toBe(0);
    const saved = JSON.parse(readFileSync('build/bench/smoke-results.json', 'utf8')) as Record<string, unknown>;
    for (const benchmark of BENCHMARKS) {
      expect(output).toContain(`## ${benchmark.name} (smoke, size ${benchmark.smoke})`);
      const figures = saved[benchmark.name] as Record<string, unknown> | undefined;
      expect(figures, benchmark.name).toBeDefined();
      expect(Object.keys(figures!).length, benchmark.name).toBeGreaterThan(0);
    }
    expect(BENCHMARKS.every((b) => b.smoke < b.full)).toBe(true);
  }, 900_000);
});
