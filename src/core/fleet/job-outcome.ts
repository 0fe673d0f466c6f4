// What the fleet knows about each job, from the retained topics (TOPICS.md, "Fleet"): what was
// submitted, which bench claimed it, and the result it published. Who says a job is unclaimed: the
// reader (`ops results`), from the submitted record's deadline and the absence of any claim — a job
// for tags no bench has reaches no bench at all, so no bench could say it; a bench that sees a job
// already past its deadline reports it unclaimed too (a result with status "unclaimed").
import { z } from 'zod';

export const FINAL_STATUSES = ['passed', 'failed', 'error', 'refused', 'unclaimed', 'cancelled'] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];
export type OutcomeStatus = FinalStatus | 'running' | 'queued';

/** Retained on submitted/<jobId> by `ops submit`, beside the job itself. */
export const submittedSchema = z.object({
  jobId: z.string(),
  suite: z.string(),
  pool: z.string(),
  name: z.string(),
  tags: z.record(z.string(), z.string()),
  deadline: z.string(),
  submittedAt: z.string(),
});
export type Submitted = z.infer<typeof submittedSchema>;

/** Retained on claims/<benchId>/<jobId>: the bench's durable claim, announced. */
export const claimSchema = z.object({
  jobId: z.string(),
  benchId: z.string(),
  at: z.string(),
  resumed: z.boolean().optional(),
  /** Which announcement this is (the bench waits to hear its own back before it runs the job). */
  token: z.string().optional(),
  /** The bench gave the job up: another bench's claim reached the broker first (it never ran it). */
  yieldedTo: z.string().optional(),
});
export type Claim = z.infer<typeof claimSchema>;

/** A finding as a result carries it (the bench's findings record, in short). */
export const jobFindingSchema = z.object({
  id: z.string(),
  kind: z.string(),
  subject: z.string(),
  severity: z.string(),
  status: z.string(),
  detail: z.string(),
  screen: z.string(),
  device: z.string(),
});
export type JobFinding = z.infer<typeof jobFindingSchema>;

/** Retained on results/<benchId>/<jobId>. `flow` is the suite's FlowResult (for the JUnit file); `junit` its testcase. */
export const jobResultSchema = z.object({
  version: z.literal(1),
  jobId: z.string(),
  suite: z.string().optional(),
  pool: z.string(),
  name: z.string(),
  benchId: z.string(),
  status: z.enum(FINAL_STATUSES),
  summary: z.string(),
  reason: z.object({ field: z.string(), message: z.string() }).optional(),
  finishedAt: z.string(),
  durationMs: z.number().optional(),
  reportPath: z.string().optional(),
  stateDir: z.string().optional(),
  junit: z.string().optional(),
  flow: z.record(z.string(), z.unknown()).optional(),
  findings: z.array(jobFindingSchema).default([]),
});
export type JobResult = z.infer<typeof jobResultSchema>;

export interface JobOutcome {
  jobId: string;
  name: string;
  suite?: string;
  status: OutcomeStatus;
  benchId?: string;
  /** Every bench that claimed it: more than one would be a bug (the test checks it is never so). */
  claimedBy: string[];
  deadline?: string;
  result?: JobResult;
}

/** One outcome per job id seen in any of the three, oldest submission first. */
export function gatherOutcomes(
  submitted: Submitted[],
  claims: Claim[],
  results: JobResult[],
  now: number,
  /** Job ids an operator cancelled (retained markers): final, unless a bench's claim got in first. */
  cancelled: string[] = [],
): JobOutcome[] {
  const ids = [
    ...new Set([...submitted.map((s) => s.jobId), ...claims.map((c) => c.jobId), ...results.map((r) => r.jobId)]),
  ];
  const order = (id: string) => submitted.find((s) => s.jobId === id)?.submittedAt ?? '~';
  ids.sort((a, b) => order(a).localeCompare(order(b)) || a.localeCompare(b));
  return ids.map((jobId) => {
    const record = submitted.find((s) => s.jobId === jobId);
    // A claim given up (yieldedTo) is no claim: that bench never ran the job.
    const claimedBy = [
      ...new Set(claims.filter((c) => c.jobId === jobId && c.yieldedTo === undefined).map((c) => c.benchId)),
    ];
    const mine = results.filter((r) => r.jobId === jobId);
    // The claiming bench's word beats another's (a bench that saw the job late and called it expired).
    const result = mine.find((r) => claimedBy.includes(r.benchId)) ?? mine[0];
    const base = {
      jobId,
      name: record?.name ?? result?.name ?? jobId,
      claimedBy,
      ...(record ? { suite: record.suite, deadline: record.deadline } : result?.suite ? { suite: result.suite } : {}),
    };
    if (result) return { ...base, status: result.status, benchId: result.benchId, result };
    if (claimedBy.length) return { ...base, status: 'running', benchId: claimedBy[0] };
    if (cancelled.includes(jobId)) return { ...base, status: 'cancelled' };
    if (record && Date.parse(record.deadline) <= now) return { ...base, status: 'unclaimed' };
    return { ...base, status: 'queued' };
  });
}

/** Whether nothing more will change for these (every job has a final status). */
export const allFinal = (outcomes: JobOutcome[]): boolean =>
  outcomes.every((o) => (FINAL_STATUSES as readonly string[]).includes(o.status));
