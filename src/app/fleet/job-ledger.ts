// The bench's durable record of its jobs, in STATE_DIR/fleet/: the job id is the key. A claim is
// the job written to jobs/<jobId>/claim.json (with its flow files beside it, checked against their
// sha256) and fsync'd before the broker's message is acknowledged; the result, fsync'd to
// jobs/<jobId>/outcome.json, makes it finished. A job this bench holds for a moment (busy) is in
// held/<jobId>.json until it is taken or handed on. A claim another bench's claim beat (first claim
// wins) is given up in jobs/<jobId>/yielded.json, fsync'd: the id stays known, the job never runs here. Nothing here is ever deleted by the bench: a
// finished id must stay known so a late redelivery runs nothing.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fsyncDirectory, writeFileAtomic } from '../../adapters/store/atomic-file.js';
import { jobSchema, type Job } from '../../core/fleet/job-schema.js';
import type { LedgerState } from '../../core/fleet/job-desk.js';
import type { JobResult } from '../../core/fleet/job-outcome.js';

const YIELDED_FILE = 'yielded.json';

export interface ClaimRecord {
  job: Job;
  claimedAt: string;
}

export class JobLedger {
  private readonly states = new Map<string, LedgerState>();
  readonly root: string;

  constructor(stateDir: string) {
    this.root = join(stateDir, 'fleet');
  }

  /** Reads what is on disk: every job id claimed or finished, and the held jobs. */
  async load(): Promise<{ unfinished: ClaimRecord[]; held: Job[] }> {
    await mkdir(join(this.root, 'jobs'), { recursive: true });
    await mkdir(join(this.root, 'held'), { recursive: true });
    const unfinished: ClaimRecord[] = [];
    for (const jobId of readdirSync(join(this.root, 'jobs'))) {
      const dir = this.jobDir(jobId);
      if (existsSync(join(dir, 'outcome.json'))) this.states.set(jobId, 'finished');
      else if (existsSync(join(dir, YIELDED_FILE))) this.states.set(jobId, 'yielded');
      else if (existsSync(join(dir, 'claim.json'))) {
        this.states.set(jobId, 'claimed');
        unfinished.push(this.readClaim(jobId));
      }
    }
    const held = readdirSync(join(this.root, 'held'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => jobSchema.parse(JSON.parse(readFileSync(join(this.root, 'held', f), 'utf8'))))
      .filter((job) => !this.states.has(job.jobId));
    unfinished.sort((a, b) => a.claimedAt.localeCompare(b.claimedAt));
    return { unfinished, held };
  }

  known(jobId: string): LedgerState | undefined {
    return this.states.get(jobId);
  }

  jobDir(jobId: string): string {
    return join(this.root, 'jobs', jobId);
  }

  /** The flow to run: jobs/<jobId>/flow/<entry>. */
  flowFile(job: Job): string {
    return join(this.jobDir(job.jobId), 'flow', job.flow.entry);
  }

  /** The run's own state directory (result, journal, report): jobs/<jobId>/run. */
  runDir(jobId: string): string {
    return join(this.jobDir(jobId), 'run');
  }

  /** The durable claim: the flow files, then claim.json, each fsync'd. After this the job is this bench's. */
  async claim(job: Job, at: string): Promise<void> {
    const dir = this.jobDir(job.jobId);
    for (const file of job.flow.files) {
      const path = join(dir, 'flow', file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(path, file.content);
    }
    await writeFileAtomic(
      join(dir, 'claim.json'),
      JSON.stringify({ job, claimedAt: at } satisfies ClaimRecord, null, 2),
    );
    await fsyncDirectory(join(this.root, 'jobs'));
    this.states.set(job.jobId, 'claimed');
    await this.unhold(job.jobId);
  }

  async finish(jobId: string, result: JobResult): Promise<void> {
    await mkdir(this.jobDir(jobId), { recursive: true });
    await writeFileAtomic(join(this.jobDir(jobId), 'outcome.json'), JSON.stringify(result, null, 2));
    this.states.set(jobId, 'finished');
    await this.unhold(jobId);
  }

  /** Given up before it ran: another bench's claim came first. Durable before the bench takes anything else. */
  async yielded(jobId: string, to: string, at: string): Promise<void> {
    await mkdir(this.jobDir(jobId), { recursive: true });
    await writeFileAtomic(join(this.jobDir(jobId), YIELDED_FILE), JSON.stringify({ jobId, yieldedTo: to, at }));
    this.states.set(jobId, 'yielded');
    await this.unhold(jobId);
  }

  readOutcome(jobId: string): JobResult | undefined {
    const path = join(this.jobDir(jobId), 'outcome.json');
    return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as JobResult) : undefined;
  }

  async hold(job: Job): Promise<void> {
    await writeFileAtomic(join(this.root, 'held', `${job.jobId}.json`), JSON.stringify(job));
  }

  async unhold(jobId: string): Promise<void> {
    await unlink(join(this.root, 'held', `${jobId}.json`)).then(
      () => fsyncDirectory(join(this.root, 'held')),
      () => undefined,
    );
  }

  private readClaim(jobId: string): ClaimRecord {
    const raw = JSON.parse(readFileSync(join(this.jobDir(jobId), 'claim.json'), 'utf8')) as ClaimRecord;
    return { job: jobSchema.parse(raw.job), claimedAt: raw.claimedAt };
  }
}

/** The sha256 of each file, checked before a job is held or claimed: a mismatch is a refusal naming the file. */
export function jobFilesProblem(job: Job): { field: string; message: string } | undefined {
  for (const [i, file] of job.flow.files.entries()) {
    const actual = createHash('sha256').update(file.content, 'utf8').digest('hex');
    if (actual !== file.sha256)
      return {
        field: `flow.files.${i}.sha256`,
        message: `does not match the content of ${file.path} (its sha256 is ${actual}): the job was damaged or edited on the way; submit it again`,
      };
  }
  const paths = job.flow.files.map((f) => f.path);
  const twice = paths.find((p, i) => paths.indexOf(p) !== i);
  if (twice) return { field: 'flow.files', message: `name ${twice} twice: each file once` };
  return undefined;
}
