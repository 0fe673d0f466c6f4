import { runAdversarialSuite } from '../../test/support/adversarial-runner.js';
const only = process.argv[2];
const reports = await runAdversarialSuite({ only, concurrency: 2 });
for (const r of reports as any[]) console.log(r.case, '|', r.run, '|', r.outcome, r.right, r.durationMs, '\n  ', r.summary.slice(0, 1200), '\n  ', r.steps.join('\n   '));
