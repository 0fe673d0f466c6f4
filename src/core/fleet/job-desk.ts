// What a bench does with each job the broker hands it, as a pure state machine on a given clock
// (the app carries the actions out: the durable writes, the publishes, the PUBACK). The rules:
// - a job that does not parse is refused (the field and the rule), never taken;
// - a job id this bench has claimed or finished, or that another bench announced, is dropped: the
//   job id is the key, so a QoS 1 redelivery or a second submit of the same job runs nothing;
// - a job past its deadline is reported unclaimed, never started;
// - an idle bench claims it; a busy one holds it (durably) for `handOnMs` and then hands it on to
//   the pool (republished with hops + 1) unless it became idle first and took it itself.
// MQTT shared subscriptions offer no "not for me, give it to another": a PUBACK is final, and a
// message left unacknowledged blocks the client's whole incoming stream (mqtt.js hands packets
// over one at a time). Holding then handing on is the competing-consumer pattern on plain MQTT 5.
import { parseJobText, type Job } from './job-schema.js';
import { selectorOf, tagsFit, type Tags } from './tags.js';

export type LedgerState = 'claimed' | 'finished';

export interface DeskOptions {
  benchId: string;
  pool: string;
  tags: Tags;
  /** How long a busy bench keeps a job before handing it on (default 3000 ms). */
  handOnMs?: number;
  /** More held than this and a new job is handed on at once (default 8). */
  maxHeld?: number;
  /** This bench's durable record of a job id (the ledger in its state directory). */
  known(jobId: string): LedgerState | undefined;
  /** Checks the schema cannot make (the files' sha256, done by the app): a problem is a refusal. */
  check?(job: Job): { field: string; message: string } | undefined;
}

/** `delivery` is the app's handle on the broker's message (to acknowledge it); absent for a held job taken later. */
export type DeskAction<D> =
  | { kind: 'refuse'; delivery: D; jobId?: string; field: string; message: string }
  | { kind: 'drop'; delivery: D; jobId: string; reason: string }
  | { kind: 'expire'; delivery?: D; job: Job }
  | { kind: 'hold'; delivery: D; job: Job }
  | { kind: 'claim'; delivery?: D; job: Job }
  | { kind: 'hand_on'; delivery?: D; job: Job };

interface Held {
  job: Job;
  since: number;
}

export class JobDesk<D> {
  private current?: string;
  /** Set while the bench cannot take work (unhealthy, running a task from its inbox): it holds and hands on. */
  private unavailable = false;
  private readonly held: Held[] = [];
  private readonly elsewhere = new Map<string, string>();
  private readonly handOnMs: number;
  private readonly maxHeld: number;

  constructor(private readonly options: DeskOptions) {
    this.handOnMs = options.handOnMs ?? 3000;
    this.maxHeld = options.maxHeld ?? 8;
  }

  /** The job this bench is running (or resuming), if any. */
  get busyWith(): string | undefined {
    return this.current;
  }

  get heldJobs(): readonly Job[] {
    return this.held.map((h) => h.job);
  }

  /** An unhealthy bench, or one busy with other work, takes nothing (it holds and hands on); available again, it takes what it holds. */
  setAvailable(available: boolean, now: number): DeskAction<D>[] {
    this.unavailable = !available;
    return available ? this.takeHeld(now) : [];
  }

  /** At start: a claimed job the bench resumes before it takes another. */
  resume(jobId: string): void {
    this.current = jobId;
  }

  /** At start: jobs held before a restart (they wait their hand-on time again from now). */
  restoreHeld(jobs: Job[], now: number): void {
    for (const job of jobs) if (!this.isHeld(job.jobId)) this.held.push({ job, since: now });
  }

  /** A claim or a result another bench announced (retained topics): that job is not ours to run. */
  noteElsewhere(jobId: string, benchId: string): void {
    if (benchId !== this.options.benchId) this.elsewhere.set(jobId, benchId);
  }

  /** A job message from the broker, arrived on the pool topic of `selector`. */
  receive(delivery: D, text: string, selector: string, now: number): DeskAction<D>[] {
    const parsed = parseJobText(text);
    if (!parsed.ok)
      return [
        {
          kind: 'refuse',
          delivery,
          ...(parsed.jobId ? { jobId: parsed.jobId } : {}),
          field: parsed.field,
          message: parsed.message,
        },
      ];
    const { job } = parsed;
    if (job.pool !== this.options.pool)
      return [
        {
          kind: 'refuse',
          delivery,
          jobId: job.jobId,
          field: 'pool',
          message: `is "${job.pool}", but it came on the topic of pool "${this.options.pool}": publish a job on its own pool's topic`,
        },
      ];
    if (selectorOf(job.tags) !== selector)
      return [
        {
          kind: 'refuse',
          delivery,
          jobId: job.jobId,
          field: 'tags',
          message: `are ${selectorOf(job.tags)}, but the job came on the topic for ${selector}: publish it on jobs/${selectorOf(job.tags)}`,
        },
      ];
    const problem = this.options.check?.(job);
    if (problem) return [{ kind: 'refuse', delivery, jobId: job.jobId, ...problem }];
    const seen = this.alreadyKnown(job.jobId);
    if (seen) return [{ kind: 'drop', delivery, jobId: job.jobId, reason: seen }];
    if (Date.parse(job.deadline) <= now) return [{ kind: 'expire', delivery, job }];
    // By construction of the topics a bench only hears jobs it fits; a wrong topic is refused above.
    if (!tagsFit(job.tags, this.options.tags))
      return [{ kind: 'hand_on', delivery, job: { ...job, hops: job.hops + 1 } }];
    if (this.current === undefined && this.held.length === 0 && !this.unavailable) {
      this.current = job.jobId;
      return [{ kind: 'claim', delivery, job }];
    }
    if (this.held.length >= this.maxHeld) return [{ kind: 'hand_on', delivery, job: { ...job, hops: job.hops + 1 } }];
    this.held.push({ job, since: now });
    return [{ kind: 'hold', delivery, job }];
  }

  /** The running job ended (its result is durable): the bench is idle, and takes the oldest job it holds. */
  finish(jobId: string, now: number): DeskAction<D>[] {
    if (this.current === jobId) this.current = undefined;
    return this.takeHeld(now);
  }

  /** Time passed: held jobs past their hand-on time go back to the pool; expired ones are reported. */
  tick(now: number): DeskAction<D>[] {
    const actions: DeskAction<D>[] = this.current === undefined ? this.takeHeld(now) : [];
    for (const held of [...this.held]) {
      if (Date.parse(held.job.deadline) <= now) {
        this.unhold(held.job.jobId);
        actions.push({ kind: 'expire', job: held.job });
      } else if (now - held.since >= this.handOnMs) {
        this.unhold(held.job.jobId);
        actions.push({ kind: 'hand_on', job: { ...held.job, hops: held.job.hops + 1 } });
      }
    }
    return actions;
  }

  /** When the next tick has something to do (the app sets its timer for it). */
  nextDueAt(): number | undefined {
    if (!this.held.length) return undefined;
    return Math.min(...this.held.map((h) => Math.min(h.since + this.handOnMs, Date.parse(h.job.deadline))));
  }

  private takeHeld(now: number): DeskAction<D>[] {
    const actions: DeskAction<D>[] = [];
    while (this.current === undefined && !this.unavailable && this.held.length) {
      const { job } = this.held.shift()!;
      if (this.alreadyKnown(job.jobId)) continue; // claimed elsewhere meanwhile: just let it go
      if (Date.parse(job.deadline) <= now) {
        actions.push({ kind: 'expire', job });
        continue;
      }
      this.current = job.jobId;
      actions.push({ kind: 'claim', job });
    }
    return actions;
  }

  private alreadyKnown(jobId: string): string | undefined {
    const state = this.options.known(jobId);
    if (state) return `already ${state} by this bench (the job id is the key: a redelivery runs nothing)`;
    if (this.current === jobId) return 'being run by this bench';
    if (this.isHeld(jobId)) return 'already held by this bench';
    const other = this.elsewhere.get(jobId);
    if (other) return `already claimed by bench ${other}`;
    return undefined;
  }

  private isHeld(jobId: string): boolean {
    return this.held.some((h) => h.job.jobId === jobId);
  }

  private unhold(jobId: string): void {
    const at = this.held.findIndex((h) => h.job.jobId === jobId);
    if (at >= 0) this.held.splice(at, 1);
  }
}
