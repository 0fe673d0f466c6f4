// `npm run bench adversarial` (or `node --import tsx scripts/bench/adversarial.ts [FILTER]`): every
// adversarial task on the virtual bench, clean and with its faults; prints one line per run and the
// pass rate, and saves build/bench/adversarial.json. The same runs test/e2e/adversarial.test.ts asserts on.
import { pathToFileURL } from 'node:url';
import { percentile } from './stats.js';
import {
  formatReports,
  REPORT_FILE,
  runAdversarialSuite,
  summarise,
  writeReport,
} from '../../test/support/adversarial-runner.js';

/** `count`: how many of the (case, run) pairs, in the cases file's order; the report file is written only for a whole suite. */
export async function benchAdversarial(only?: string, count = Infinity): Promise<Record<string, unknown>> {
  const started = performance.now();
  const reports = await runAdversarialSuite({
    concurrency: 2,
    ...(only ? { only } : {}),
    limit: count,
    onReport: (r) =>
      process.stdout.write(`  ... ${r.case} / ${r.run}: ${r.outcome} (${(r.durationMs / 1000).toFixed(1)} s)\n`),
  });
  process.stdout.write(`${formatReports(reports)}\n`);
  if (count === Infinity) writeReport(reports);
  const s = summarise(reports);
  return {
    'pass rate (reached the expected end state)': s.passRate,
    'right outcome (reached, or no claim where unreachable)': `${s.right} of ${s.runs}`,
    'false successes': s.falseSuccesses,
    'unasked destructive actions': s.unaskedDestructive,
    'wall time of the suite, two runs at a time, s': Math.round((performance.now() - started) / 1000),
    'run time, median s':
      Math.round(
        percentile(
          reports.map((r) => r.durationMs),
          50,
        ) / 100,
      ) / 10,
    saved: count === Infinity ? REPORT_FILE : 'not saved: part of the suite',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchAdversarial(process.argv[2]);
  for (const [label, value] of Object.entries(figures)) process.stdout.write(`  ${label.padEnd(60)} ${value}\n`);
}
