// The order vitest starts test files in: the slowest first, so that the suite does not end with one
// long file running alone while the other workers sit idle. Vitest orders by its cache of past
// durations, which a clean clone (CI) does not have; it then falls back to the biggest file first,
// and the one file that takes longest (the benchmark smoke run) is among the smallest.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each slow file took in a whole run on this 2-core machine beside other work
 * (`vitest run --reporter=json`, 2026-12-07). Only the order matters, so a rough figure is enough;
 * a file not listed is put after these, end-to-end before integration before the rest.
 */
const MEASURED_SECONDS: Record<string, number> = {
  // The benchmark smoke runs, 860 s in all, shared by two files.
  'test/integration/bench-smoke-1.test.ts': 430,
  'test/integration/bench-smoke-2.test.ts': 430,
  'test/e2e/adversarial.test.ts': 566,
  'test/e2e/crash-recovery.test.ts': 395,
  'test/e2e/replay-real-apps.test.ts': 259,
  'test/e2e/crash-recovery-operator.test.ts': 251,
  'test/e2e/crash-recovery-trust.test.ts': 213,
  'test/e2e/mqtt-run.test.ts': 211,
  'test/e2e/fleet.test.ts': 188,
  'test/e2e/console-web.test.ts': 186,
  'test/integration/host/install-script.test.ts': 172,
  'test/integration/cli-findings.test.ts': 130,
  'test/e2e/run-on-bench.test.ts': 100,
  'test/integration/ops/ops-cli.test.ts': 92,
  'test/e2e/estop-durable.test.ts': 82,
  'test/e2e/console-remote.test.ts': 81,
  'test/e2e/gesture-crash-recovery.test.ts': 72,
};

const FOLDER_WEIGHT: [string, number][] = [
  ['test/e2e/', 3],
  ['test/integration/', 2],
];

function weight(root: string, file: TestSpecification): number {
  const path = relative(root, file.moduleId).split('\\').join('/');
  const measured = MEASURED_SECONDS[path];
  if (measured !== undefined) return 1000 + measured;
  return FOLDER_WEIGHT.find(([folder]) => path.startsWith(folder))?.[1] ?? 0;
}

export default class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byBase = await super.sort(files);
    const root = this.ctx.config.root;
    // Array.prototype.sort is stable: within one weight, the base order (file size) holds.
    return [...byBase].sort((a, b) => weight(root, b) - weight(root, a));
  }
}
