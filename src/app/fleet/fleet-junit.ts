// The fleet's results as one JUnit file for CI, whichever benches ran the jobs: each job's flow
// result as its bench published it, and a job that never ran (unclaimed, refused, still running)
// as an <error> saying so. Built by the suite's own junitXml, so it validates as `benchhand test`'s does.
import { hostname } from 'node:os';
import type { JobOutcome } from '../../core/fleet/job-outcome.js';
import type { FlowResult } from '../suite/flow-result.js';
import { junitXml } from '../suite/junit.js';

export function fleetJunit(outcomes: JobOutcome[], name: string, now: Date): string {
  const results = outcomes.map(flowResultOf);
  const startedAt = results.map((r) => r.startedAt).sort()[0] ?? now.toISOString();
  const benches = [...new Set(outcomes.map((o) => o.benchId).filter(Boolean))].sort();
  return junitXml(
    {
      name,
      startedAt,
      durationMs: Math.max(0, now.getTime() - Date.parse(startedAt)),
      hostname: hostname(),
      bench: `fleet: ${benches.join(', ') || 'no bench'}`,
    },
    results,
  );
}

function flowResultOf(outcome: JobOutcome): FlowResult {
  const flow = outcome.result?.flow as FlowResult | undefined;
  if (flow && (outcome.status === 'passed' || outcome.status === 'failed' || outcome.status === 'error')) {
    return {
      ...flow,
      name: outcome.name,
      ...(outcome.result?.benchId
        ? {
            sentence: `${flow.sentence ?? ''}${flow.sentence ? ' ' : ''}(bench ${outcome.result.benchId}, job ${outcome.jobId})`,
          }
        : {}),
    };
  }
  const message =
    outcome.result?.summary ??
    (outcome.status === 'unclaimed'
      ? `no bench claimed job ${outcome.jobId} before its deadline ${outcome.deadline}`
      : outcome.status === 'cancelled'
        ? `job ${outcome.jobId} was cancelled by an operator before any bench took it`
        : `job ${outcome.jobId} is ${outcome.status}${outcome.benchId ? ` on bench ${outcome.benchId}` : ''}: not finished when the results were gathered`);
  return {
    file: `${outcome.name}.yaml`,
    name: outcome.name,
    tags: [],
    status: 'error',
    failure: { kind: outcome.status, message },
    startedAt: outcome.deadline ?? new Date().toISOString(),
    durationMs: 0,
    stateDir: outcome.result?.stateDir ?? '(not run)',
    screenshots: [],
  };
}
