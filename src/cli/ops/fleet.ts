// `benchhand ops submit|results`: the fleet's work queue from the operator's side (TOPICS.md,
// "Fleet"). submit publishes one job per flow to the pool's topic for its tags (the benches of the
// pool read it through a shared subscription) and a retained record of it; results gathers the
// retained submitted records, claims and results, says which jobs no bench claimed by their
// deadline, and writes one JUnit file for the lot.
import { mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { FINDING_STATUSES } from '../../core/findings/finding-record.js';
import {
  fleetFindingStatusSchema,
  mergeFleetFindings,
  type FleetFindingStatus,
} from '../../core/fleet/fleet-findings.js';
import { ALL_FLEET_FINDINGS, fleetFindingTopic } from '../../core/fleet/fleet-topics.js';
import { join } from 'node:path';
import type { MqttClient } from '../../app/ops/operator-client.js';
import { fleetJunit } from '../../app/fleet/fleet-junit.js';
import { jobsFromFlows } from '../../app/fleet/jobs-from-flows.js';
import { FLEET_ROOT, fleetTopics, lastLevel } from '../../core/fleet/fleet-topics.js';
import {
  allFinal,
  claimSchema,
  gatherOutcomes,
  jobResultSchema,
  submittedSchema,
  type Claim,
  type JobOutcome,
  type JobResult,
  type Submitted,
} from '../../core/fleet/job-outcome.js';
import { JOB_ID_PATTERN, JOB_ID_RULE, POOL_PATTERN, POOL_RULE } from '../../core/fleet/job-schema.js';
import { parseTags, selectorOf } from '../../core/fleet/tags.js';
import { parseOptions, UsageError } from '../args.js';
import { CONNECTION_OPTIONS, CONNECTION_USAGE, connectionSettings, newClientId } from './connection.js';
import { connectToBroker, disconnect } from '../../app/ops/operator-client.js';
import { EXIT_ERROR_REPLY, EXIT_NO_REPLY, EXIT_OK } from './exit-codes.js';

export const FLEET_USAGE = [
  `benchhand ops submit FLOW_OR_FOLDER... --pool NAME [--tags K=V,...] [--env K=V]... [--deadline 10m] [--suite ID] ${CONNECTION_USAGE} [--json]`,
  `       benchhand ops results [JOB] [--pool NAME] [--suite ID] [--wait S] [--format junit --output DIR] ${CONNECTION_USAGE} [--json]`,
  `       benchhand ops cancel JOB --pool NAME ${CONNECTION_USAGE}   (a job no bench has claimed yet)`,
  `       benchhand ops findings [list] [--pool NAME] ${CONNECTION_USAGE} [--json]`,
  `       benchhand ops findings set ID STATUS [--note TEXT] ${CONNECTION_USAGE}   (STATUS: ${FINDING_STATUSES.join(', ')})`,
].join('\n');

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  pool: { type: 'string' },
  tags: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  deadline: { type: 'string' },
  suite: { type: 'string' },
  wait: { type: 'string' },
  format: { type: 'string' },
  output: { type: 'string' },
  json: { type: 'boolean' },
  note: { type: 'string' },
} as const;

export async function fleetCommand(
  action: 'submit' | 'results' | 'findings' | 'cancel',
  argv: string[],
): Promise<number> {
  const { values, positionals } = parseOptions(argv, OPTIONS, FLEET_USAGE);
  const rest = positionals.slice(1);
  const settings = connectionSettings(values);
  if (values.pool !== undefined && !POOL_PATTERN.test(values.pool))
    throw new UsageError(`--pool "${values.pool}" must be ${POOL_RULE}`);
  if (values.suite !== undefined && !JOB_ID_PATTERN.test(values.suite))
    throw new UsageError(`--suite "${values.suite}" must be ${JOB_ID_RULE}`);
  // Flows are judged before the broker is reached: a bad file is bad input (exit 2), whatever the network does.
  const jobs = action === 'submit' ? submission(rest, values) : undefined;
  const client = await connectToBroker(settings, newClientId());
  try {
    if (jobs) return await submit(client, jobs, values);
    if (action === 'cancel') return await cancel(client, rest, values.pool, settings.username ?? userInfo().username);
    if (action === 'findings') return await findings(client, rest, values, settings.username ?? userInfo().username);
    return await results(client, rest, values);
  } finally {
    await disconnect(client);
  }
}

/** The jobs to submit, from the flow files; any problem with them is a usage error (nothing was sent). */
function submission(
  paths: string[],
  values: { pool?: string; tags?: string[]; env?: string[]; deadline?: string; suite?: string },
): ReturnType<typeof jobsFromFlows> {
  if (!paths.length)
    throw new UsageError(`submit needs FLOW_OR_FOLDER: a flow file or a folder of them\nusage: ${FLEET_USAGE}`);
  if (!values.pool)
    throw new UsageError(`submit needs --pool NAME: the pool whose benches run the jobs\nusage: ${FLEET_USAGE}`);
  const tags = parseTags((values.tags ?? []).join(','));
  if (!tags.ok) throw new UsageError(`--tags: ${tags.message}`);
  try {
    return jobsFromFlows(paths, {
      pool: values.pool,
      tags: tags.tags,
      params: envPairs(values.env ?? []),
      deadlineMs: duration(values.deadline ?? '10m'),
      now: new Date(),
      ...(values.suite ? { suite: values.suite } : {}),
    });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${(error as Error).message}\nnothing was submitted`);
  }
}

async function submit(
  client: MqttClient,
  jobs: ReturnType<typeof jobsFromFlows>,
  values: { json?: boolean },
): Promise<number> {
  const { pool, tags } = jobs[0]!;
  const topics = fleetTopics(pool);
  for (const job of jobs) {
    const record: Submitted = {
      jobId: job.jobId,
      suite: job.suite,
      pool: job.pool,
      name: job.name,
      tags: job.tags,
      deadline: job.deadline,
      submittedAt: job.submittedAt,
    };
    // The record first: a job taken at once is then never without it.
    await client.publishAsync(topics.submitted(job.jobId), JSON.stringify(record), { qos: 1, retain: true });
    await client.publishAsync(topics.jobs(selectorOf(job.tags)), JSON.stringify(job), { qos: 1 });
  }
  const suite = jobs[0]!.suite;
  if (values.json)
    process.stdout.write(
      `${JSON.stringify({ suite, pool, jobs: jobs.map((j) => ({ jobId: j.jobId, name: j.name, deadline: j.deadline })) })}\n`,
    );
  else {
    process.stdout.write(
      `submitted suite ${suite}: ${jobs.length} job(s) to pool ${pool} for ${selectorOf(tags)}, deadline ${jobs[0]!.deadline}\n`,
    );
    for (const job of jobs) process.stdout.write(`  ${job.jobId}  ${job.name}\n`);
    process.stdout.write(
      `results: benchhand ops results --pool ${pool} --suite ${suite} --wait 600 --format junit --output DIR\n`,
    );
  }
  return EXIT_OK;
}

async function results(
  client: MqttClient,
  rest: string[],
  values: { pool?: string; suite?: string; wait?: string; format?: string; output?: string; json?: boolean },
): Promise<number> {
  const jobId = rest[0];
  if (rest.length > 1)
    throw new UsageError(`results takes at most one JOB (got "${rest.join(' ')}")\nusage: ${FLEET_USAGE}`);
  if (jobId !== undefined && !JOB_ID_PATTERN.test(jobId)) throw new UsageError(`JOB "${jobId}" must be ${JOB_ID_RULE}`);
  if (!jobId && !values.pool) throw new UsageError(`results needs a JOB or --pool NAME\nusage: ${FLEET_USAGE}`);
  if (values.format !== undefined && values.format !== 'junit')
    throw new UsageError(`--format must be junit (got "${values.format}")`);
  if ((values.format === undefined) !== (values.output === undefined))
    throw new UsageError('--format junit and --output DIR go together');
  const waitMs = values.wait === undefined ? 0 : Number(values.wait) * 1000;
  if (!Number.isFinite(waitMs) || waitMs < 0)
    throw new UsageError(`--wait must be a number of seconds (got "${values.wait}")`);
  const outcomes = await collect(client, values.pool ?? '+', waitMs, (all) =>
    all.filter((o) => (!jobId || o.jobId === jobId) && (!values.suite || o.suite === values.suite)),
  );
  if (values.output) {
    mkdirSync(values.output, { recursive: true });
    const file = join(values.output, 'junit.xml');
    writeFileSync(
      file,
      fleetJunit(outcomes, `benchhand fleet ${values.pool ?? ''} ${values.suite ?? jobId ?? ''}`.trim(), new Date()),
    );
    process.stderr.write(`wrote ${file}\n`);
  }
  if (values.json)
    process.stdout.write(
      `${JSON.stringify(
        outcomes.map(({ result, ...o }) => ({
          ...o,
          ...(result ? { result: { ...result, flow: undefined, junit: undefined } } : {}),
        })),
        null,
        2,
      )}\n`,
    );
  else
    for (const o of outcomes)
      process.stdout.write(
        `${o.status.toUpperCase().padEnd(9)} ${o.jobId}  ${o.name}${o.benchId ? `  on ${o.benchId}` : ''}${o.result ? `: ${o.result.summary}` : ''}${queuedNote(o)}\n`,
      );
  if (!outcomes.length) process.stderr.write('no jobs found\n');
  if (!allFinal(outcomes)) return EXIT_NO_REPLY;
  return outcomes.every((o) => o.status === 'passed') ? EXIT_OK : EXIT_ERROR_REPLY;
}

/**
 * An operator's cancellation: a retained marker every bench of the pool reads, so a job no bench has
 * claimed is never taken. A claimed job belongs to its bench (the phone's state is physical) and is
 * refused here with that reason; one whose claim reaches the broker before the marker is said so.
 */
async function cancel(client: MqttClient, rest: string[], pool: string | undefined, by: string): Promise<number> {
  const jobId = rest[0];
  if (rest.length !== 1 || jobId === undefined || !JOB_ID_PATTERN.test(jobId))
    throw new UsageError(`cancel takes one JOB, a job id (${JOB_ID_RULE})\nusage: ${FLEET_USAGE}`);
  if (!pool) throw new UsageError(`cancel needs --pool NAME, the pool the job was submitted to\nusage: ${FLEET_USAGE}`);
  const look = async () => (await collect(client, pool, 0, (all) => all.filter((o) => o.jobId === jobId)))[0];
  const before = await look();
  const refuse = (why: string) => {
    process.stderr.write(`benchhand ops: job ${jobId} is not cancelled: ${why}\n`);
    return EXIT_ERROR_REPLY;
  };
  if (!before)
    return refuse(
      `pool ${pool} has no job with that id (nothing submitted, claimed or finished): check the id with ops results --pool ${pool}`,
    );
  if (before.status === 'cancelled') {
    process.stdout.write(`job ${jobId} was already cancelled\n`);
    return EXIT_OK;
  }
  if (before.result) return refuse(`it is already ${before.status} (bench ${before.result.benchId})`);
  if (before.claimedBy.length)
    return refuse(
      `bench ${before.claimedBy.join(', ')} claimed it: a claimed job belongs to its bench and runs to its end there (the phone's state is physical); its result comes as usual`,
    );
  await client.publishAsync(
    fleetTopics(pool).cancelled(jobId),
    JSON.stringify({ jobId, by, at: new Date().toISOString() }),
    { qos: 1, retain: true },
  );
  // A bench whose claim reached the broker before the marker keeps the job (first claim wins).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const after = await look();
  if (after?.claimedBy.length)
    return refuse(
      `bench ${after.claimedBy.join(', ')} claimed it before the cancellation reached the broker: it runs there`,
    );
  process.stdout.write(`cancelled job ${jobId}: no bench of pool ${pool} will take it\n`);
  return EXIT_OK;
}

/** A job no bench has claimed yet is not forgotten: it says when it will be reported unclaimed. */
function queuedNote(o: JobOutcome): string {
  if (o.status !== 'queued') return '';
  return `: no bench has claimed it yet${o.deadline ? `; reported unclaimed at its deadline ${o.deadline} if none does` : ''}`;
}

/** Retained records for 1 s (or until every job wanted is final, waiting at most waitMs more). */
async function collect(
  client: MqttClient,
  pool: string,
  waitMs: number,
  wanted: (all: JobOutcome[]) => JobOutcome[],
): Promise<JobOutcome[]> {
  const submitted = new Map<string, Submitted>();
  const claims = new Map<string, Claim>();
  const results = new Map<string, JobResult>();
  const cancelled = new Set<string>();
  client.on('message', (topic, payload) => {
    if (!payload.length) return;
    if (topic.includes('/jobs/_cancelled/')) {
      cancelled.add(lastLevel(topic));
      return;
    }
    try {
      const value = JSON.parse(payload.toString('utf8')) as unknown;
      if (topic.includes('/submitted/')) submitted.set(topic, submittedSchema.parse(value));
      else if (topic.includes('/claims/')) claims.set(topic, claimSchema.parse(value));
      else if (topic.includes('/results/')) {
        const parsed = jobResultSchema.safeParse(value);
        if (parsed.success) results.set(topic, parsed.data);
        else
          process.stderr.write(
            `benchhand ops: a result on ${topic} (job ${lastLevel(topic)}) is not readable: ${parsed.error.issues[0]?.message}\n`,
          );
      }
    } catch (error) {
      process.stderr.write(`benchhand ops: ${topic}: ${(error as Error).message}\n`);
    }
  });
  const base = `${FLEET_ROOT}/${pool}`;
  await client.subscribeAsync({
    [`${base}/submitted/+`]: { qos: 1 },
    [`${base}/claims/+/+`]: { qos: 1 },
    [`${base}/results/+/+`]: { qos: 1 },
    [`${base}/jobs/_cancelled/+`]: { qos: 1 },
  });
  const now = () =>
    wanted(
      gatherOutcomes([...submitted.values()], [...claims.values()], [...results.values()], Date.now(), [...cancelled]),
    );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const until = Date.now() + waitMs;
  while (Date.now() < until && !(now().length && allFinal(now())))
    await new Promise((resolve) => setTimeout(resolve, 250));
  return now();
}

async function findings(
  client: MqttClient,
  rest: string[],
  values: { pool?: string; note?: string; json?: boolean },
  user: string,
): Promise<number> {
  const [verb = 'list', id, status] = rest;
  if (verb === 'set') {
    if (!id || !/^[0-9a-f]{32}$/.test(id))
      throw new UsageError(
        `findings set needs the finding's ID: its 32 hex digits (see \`benchhand ops findings\`), got "${id ?? ''}"`,
      );
    const parsed = fleetFindingStatusSchema.safeParse({
      status,
      by: user,
      at: new Date().toISOString(),
      ...(values.note ? { note: values.note } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new UsageError(
        issue.path[0] === 'status'
          ? `STATUS "${status ?? ''}" must be one of ${FINDING_STATUSES.join(', ')}`
          : `--note: ${issue.message} (--note "why")`,
      );
    }
    // Retained: every bench gets it now or when it next connects, and applies it to its findings.
    await client.publishAsync(fleetFindingTopic(id), JSON.stringify(parsed.data), { qos: 1, retain: true });
    process.stdout.write(`finding ${id} is ${parsed.data.status} fleet-wide (by ${user})\n`);
    return EXIT_OK;
  }
  if (verb !== 'list' || rest.length > 1)
    throw new UsageError(`findings takes list, or set ID STATUS [--note TEXT]\nusage: ${FLEET_USAGE}`);
  const statuses = new Map<string, FleetFindingStatus>();
  const results = new Map<string, JobResult>();
  client.on('message', (topic, payload) => {
    if (!payload.length) return;
    try {
      const value = JSON.parse(payload.toString('utf8')) as unknown;
      if (topic.startsWith(`${FLEET_ROOT}/findings/`)) {
        const parsed = fleetFindingStatusSchema.safeParse(value);
        if (parsed.success) statuses.set(lastLevel(topic), parsed.data);
      } else {
        const parsed = jobResultSchema.safeParse(value);
        if (parsed.success) results.set(topic, parsed.data);
      }
    } catch {
      /* not JSON: not ours to show */
    }
  });
  await client.subscribeAsync({
    [ALL_FLEET_FINDINGS]: { qos: 1 },
    [`${FLEET_ROOT}/${values.pool ?? '+'}/results/+/+`]: { qos: 1 },
  });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const merged = mergeFleetFindings([...results.values()], statuses);
  if (values.json) process.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
  else if (!merged.length) process.stdout.write("no findings in the fleet's results\n");
  else
    for (const f of merged)
      process.stdout.write(
        `${f.id.slice(0, 8)}  ${f.status.padEnd(12)}${f.statusFrom === 'person' ? '*' : ' '} ${f.severity.padEnd(8)} ${f.subject}: ${f.detail}  (benches ${f.benches.join(', ')})\n`,
      );
  return EXIT_OK;
}

function envPairs(pairs: string[]): Record<string, string> {
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(pair.slice(0, at)))
        throw new UsageError(`--env "${pair}" must be KEY=VALUE with KEY letters, digits and _`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/** "90s", "10m", "2h", or plain seconds. */
export function duration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(text.trim());
  if (!match || Number(match[1]) <= 0)
    throw new UsageError(`--deadline "${text}" must be a duration like 90s, 10m or 2h`);
  return Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[(match[2] ?? 's') as 's' | 'm' | 'h'];
}
