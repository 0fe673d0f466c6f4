// A valid fleet job for tests: one flow file with its sha256, no tags or parameters, submitted at
// `at`, due `deadlineAfterMs` later. Fields the test is about are given in `extra`.
import { createHash } from 'node:crypto';
import type { JobInput } from '../../src/core/fleet/job-schema.js';

export const FLOW_CONTENT = 'goal: x\nsteps:\n  - submit: { summary: ok }\n';

export function fleetJob(
  fields: { jobId: string; name: string; suite: string; at: number; deadlineAfterMs: number },
  extra: Partial<JobInput> = {},
): JobInput {
  return {
    version: 1,
    jobId: fields.jobId,
    pool: 'lab',
    suite: fields.suite,
    name: fields.name,
    flow: {
      entry: 'flow.yaml',
      files: [
        { path: 'flow.yaml', content: FLOW_CONTENT, sha256: createHash('sha256').update(FLOW_CONTENT).digest('hex') },
      ],
    },
    tags: {},
    params: {},
    submittedAt: new Date(fields.at).toISOString(),
    deadline: new Date(fields.at + fields.deadlineAfterMs).toISOString(),
    hops: 0,
    ...extra,
  };
}

/** Job number `n` of the unit tests' suite "suite-abc" (suite-abc-001, flow-1), submitted at `at`. */
export function suiteJob(n: number, at: number, deadlineAfterMs: number, extra: Partial<JobInput> = {}): JobInput {
  return fleetJob(
    { jobId: `suite-abc-${String(n).padStart(3, '0')}`, name: `flow-${n}`, suite: 'suite-abc', at, deadlineAfterMs },
    extra,
  );
}
