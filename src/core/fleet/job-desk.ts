// What a bench does with each job the broker hands it, as a pure state machine on a given clock
// (the app carries the actions out: the durable writes, the publishes, the PUBACK). The rules:
// - a job that does not parse is refused (the field and the rule), never taken;
// - a job id this bench has claimed or finished, or that another bench announced, is dropped: the
//   job id is the key, so a QoS 1 redelivery or a second submit of the same job runs nothing;
// - a job past its deadline is reported unclaimed, never started;
// - an idle bench claims it; a busy one holds it (durably) for its hold time and then hands it on to
//   the pool (republished with hops + 1) unless it became idle first and took it itself. The hold
//   time doubles with each hop (handOnMs, 2x, 4x, at most 8x): a job every bench is too busy for
//   waits longer at each bench instead of bouncing between busy benches;
// - a claim runs only once the bench has heard its own announcement back from the broker with no
//   other bench's claim of that job before it (first claim wins, in the broker's order, which every
//   bench on one broker sees the same): two copies of a job (a bench restarted mid hand-on publishes
//   its held copy again) may both be claimed, but only one is run; the other bench yields;
// - a job an operator cancelled (retained marker) is never taken: dropped on arrival, let go while
//   held, given up while its claim is out (the marker heard first, in the broker's order, wins);
// - the held record (STATE_DIR/fleet/held/) of a job handed on goes only when the broker has every
//   copy this bench handed on and the bench does not hold it again: until then it is the only copy.
// MQTT shared subscriptions offer no "not for me, give it to another": a PUBACK is final, and a
// message left unacknowledged blocks the client's whole incoming stream (mqtt.js hands packets
// over one at a time). Holding then handing on is the competing-consumer pattern on plain MQTT 5.
import { parseJobText, type Job } from './job-schema.js';
import { selectorOf, tagsFit, type Tags } from './tags.js';

export type LedgerState = 'claimed' | 'finished' | 'yielded';

/** Whom a claim given up for an operator's cancellation yields to (no bench id starts with "_"). */
export const CANCELLED = '_cancelled';

/** A bench holds a job at most this many hand-on times (the doubling stops here). */
export const MAX_HOLD_FACTOR = 8;

export interface DeskOptions {
  benchId: string;
  pool: string;
  tags: Tags;
  /** How long a busy bench keeps a job before handing it on (default 3000 ms). */
  handOnMs?: number;
  /** More held than this and a new job is handed on at once (default 8). */
  maxHeld?: number;
  /**
   * A claim not heard back from the broker in this long runs anyway, unarbitrated and said so
   * (default 10000 ms): a bench that cannot read the claims topic (an ACL mistake) must not stall.
   */
  echoTimeoutMs?: number;
  /** This bench's durable record of a job id (the ledger in its state directory). */
  known(jobId: string): LedgerState | undefined;
  /** Checks the schema cannot make (the files' sha256, done by the app): a problem is a refusal. */
  check?(job: Job): { field: string; message: string } | undefined;
  /** A fresh token for each claim announcement (the app's random id): its echo is told apart from an old retained one. */
  newToken(): string;
}

/** `delivery` is the app's handle on the broker's message (to acknowledge it); absent for a held job taken later. */
export type DeskAction<D> =
  | { kind: 'refuse'; delivery: D; jobId?: string; field: string; message: string }
  | { kind: 'drop'; delivery: D; jobId: string; reason: string }
  | { kind: 'expire'; delivery?: D; job: Job }
  | { kind: 'hold'; delivery: D; job: Job }
  /** Durable claim (unless `resumed`: it is on disk already), then the PUBACK, then announce it with `token`. */
  | { kind: 'claim'; delivery?: D; job: Job; token: string; resumed?: boolean }
  /** The bench's own claim came back first (or its run had started before a restart: `announce` it again): run the job. */
  | { kind: 'run'; job: Job; resumed: boolean; announce?: boolean; unarbitrated?: string }
  /** Another bench's claim of the job came first: record that, never run it. */
  | { kind: 'yield'; job: Job; to: string }
  | { kind: 'hand_on'; delivery?: D; job: Job }
  /** The held record of a job can go: the broker has every copy this bench handed on. */
  | { kind: 'forget'; jobId: string };

interface Held {
  job: Job;
  due: number;
}

interface Pending {
  job: Job;
  token: string;
  resumed: boolean;
  since: number;
}

export class JobDesk<D> {
  private current?: string;
  /** Set while the bench cannot take work (unhealthy, running a task from its inbox): it holds and hands on. */
  private unavailable = false;
  private readonly held: Held[] = [];
  private readonly elsewhere = new Map<string, string>();
  /** The claim announced and not yet heard back. */
  private pending?: Pending;
  private readonly cancelled = new Set<string>();
  /** Hand-ons the broker has not acknowledged yet, per job id. */
  private readonly onTheWay = new Map<string, number>();
  private readonly handOnMs: number;
  private readonly maxHeld: number;
  private readonly echoTimeoutMs: number;

  constructor(private readonly options: DeskOptions) {
    this.handOnMs = options.handOnMs ?? 3000;
    this.maxHeld = options.maxHeld ?? 8;
    this.echoTimeoutMs = options.echoTimeoutMs ?? 10_000;
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

  /** Whether anything is waiting on the broker: a claim not heard back, or a hand-on not acknowledged. */
  get waiting(): { claim?: string; handOns: number } {
    return {
      ...(this.pending ? { claim: this.pending.job.jobId } : {}),
      handOns: [...this.onTheWay.values()].reduce((a, b) => a + b, 0),
    };
  }

  /** At start: a claimed job whose run had started is the bench's for good (the phone's state is physical): run it first. */
  resume(job: Job): DeskAction<D>[] {
    this.current = job.jobId;
    return [{ kind: 'run', job, resumed: true, announce: true }];
  }

  /** At start: a claimed job whose run had not started: announced again, and run only if its claim still comes first. */
  resumeUnstarted(job: Job, now: number): DeskAction<D>[] {
    this.current = job.jobId;
    return [this.claimAction(job, undefined, true, now)];
  }

  /** At start: jobs held before a restart (they wait their hold time again from now). */
  restoreHeld(jobs: Job[], now: number): void {
    for (const job of jobs) if (!this.isHeld(job.jobId)) this.held.push({ job, due: now + this.holdMs(job) });
  }

  /** A result another bench announced (retained topic): that job is not ours to run. */
  noteElsewhere(jobId: string, benchId: string): void {
    if (benchId !== this.options.benchId && !this.elsewhere.has(jobId)) this.elsewhere.set(jobId, benchId);
  }

  /**
   * A claim on the claims topic, in the broker's order. The first bench's claim of a job wins: ours
   * heard back (its token) with none before it runs; another's heard while ours is out makes us
   * yield. A claim its bench gave up (`yieldedTo`) counts for nothing.
   */
  noteClaim(
    jobId: string,
    benchId: string,
    token: string | undefined,
    yieldedTo: string | undefined,
    now: number,
  ): DeskAction<D>[] {
    const mine = benchId === this.options.benchId;
    if (yieldedTo !== undefined) {
      if (this.elsewhere.get(jobId) === benchId) this.elsewhere.delete(jobId);
      if (yieldedTo === CANCELLED) this.cancelled.add(jobId);
      else if (yieldedTo !== this.options.benchId) this.noteElsewhere(jobId, yieldedTo);
      return [];
    }
    const pending = this.pending?.job.jobId === jobId ? this.pending : undefined;
    if (mine) {
      if (!pending || token !== pending.token) return [];
      this.pending = undefined;
      return [{ kind: 'run', job: pending.job, resumed: pending.resumed }];
    }
    this.noteElsewhere(jobId, benchId);
    if (!pending) return [];
    this.pending = undefined;
    this.current = undefined;
    return [{ kind: 'yield', job: pending.job, to: benchId }, ...this.takeHeld(now)];
  }

  /** An operator cancelled the job: never taken from now on; a claim of it not yet heard back is given up. */
  noteCancelled(jobId: string, now: number): DeskAction<D>[] {
    this.cancelled.add(jobId);
    if (this.pending?.job.jobId !== jobId) return [];
    const { job } = this.pending;
    this.pending = undefined;
    this.current = undefined;
    return [{ kind: 'yield', job, to: CANCELLED }, ...this.takeHeld(now)];
  }

  /** The claim could not be announced (the broker refused it): nothing can arbitrate, so it runs (as a claim did before arbitration). */
  announceFailed(jobId: string): DeskAction<D>[] {
    if (this.pending?.job.jobId !== jobId) return [];
    const { job, resumed } = this.pending;
    this.pending = undefined;
    return [{ kind: 'run', job, resumed, unarbitrated: 'its claim could not be announced' }];
  }

  /** The broker acknowledged one hand-on of this job: its held record goes once no copy is on the way and it is not held again. */
  handedOn(jobId: string): DeskAction<D>[] {
    this.settle(jobId);
    return this.mayForget(jobId) ? [{ kind: 'forget', jobId }] : [];
  }

  /** A hand-on failed (the broker did not take it): the job is held again (its record is still on disk). */
  handOnFailed(job: Job, now: number): void {
    this.settle(job.jobId);
    this.restoreHeld([job], now);
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
    if (!tagsFit(job.tags, this.options.tags)) return [this.handOn(job, delivery)];
    if (this.current === undefined && this.held.length === 0 && !this.unavailable) {
      this.current = job.jobId;
      return [this.claimAction(job, delivery, false, now)];
    }
    if (this.held.length >= this.maxHeld) return [this.handOn(job, delivery)];
    this.held.push({ job, due: now + this.holdMs(job) });
    return [{ kind: 'hold', delivery, job }];
  }

  /** The running job ended (its result is durable): the bench is idle, and takes the oldest job it holds. */
  finish(jobId: string, now: number): DeskAction<D>[] {
    if (this.current === jobId) this.current = undefined;
    return this.takeHeld(now);
  }

  /** Time passed: held jobs past their hold time go back to the pool; expired ones are reported; ones claimed elsewhere are let go. */
  tick(now: number): DeskAction<D>[] {
    const actions: DeskAction<D>[] = this.current === undefined ? this.takeHeld(now) : [];
    if (this.pending && now - this.pending.since >= this.echoTimeoutMs) {
      const { job, resumed } = this.pending;
      this.pending = undefined;
      actions.push({
        kind: 'run',
        job,
        resumed,
        unarbitrated: `its claim was not heard back from the broker within ${this.echoTimeoutMs} ms (can this bench read the claims topic?)`,
      });
    }
    for (const held of [...this.held]) {
      const { jobId } = held.job;
      if (this.elsewhere.has(jobId) || this.cancelled.has(jobId)) {
        this.unhold(jobId);
        if (this.mayForget(jobId)) actions.push({ kind: 'forget', jobId });
      } else if (Date.parse(held.job.deadline) <= now) {
        this.unhold(jobId);
        actions.push({ kind: 'expire', job: held.job });
      } else if (now >= held.due) {
        this.unhold(jobId);
        actions.push(this.handOn(held.job, undefined));
      }
    }
    return actions;
  }

  /** When the next tick has something to do (the app sets its timer for it). */
  nextDueAt(): number | undefined {
    const times = this.held.map((h) => Math.min(h.due, Date.parse(h.job.deadline)));
    if (this.pending) times.push(this.pending.since + this.echoTimeoutMs);
    return times.length ? Math.min(...times) : undefined;
  }

  /** How long this bench holds a job before handing it on: doubling with each hop it already made, to a bound. */
  holdMs(job: Job): number {
    return this.handOnMs * Math.min(2 ** job.hops, MAX_HOLD_FACTOR);
  }

  private claimAction(job: Job, delivery: D | undefined, resumed: boolean, now: number): DeskAction<D> {
    const token = this.options.newToken();
    this.pending = { job, token, resumed, since: now };
    return {
      kind: 'claim',
      ...(delivery !== undefined ? { delivery } : {}),
      job,
      token,
      ...(resumed ? { resumed } : {}),
    };
  }

  private handOn(job: Job, delivery: D | undefined): DeskAction<D> {
    this.onTheWay.set(job.jobId, (this.onTheWay.get(job.jobId) ?? 0) + 1);
    return { kind: 'hand_on', ...(delivery !== undefined ? { delivery } : {}), job: { ...job, hops: job.hops + 1 } };
  }

  private settle(jobId: string): void {
    const left = (this.onTheWay.get(jobId) ?? 1) - 1;
    if (left > 0) this.onTheWay.set(jobId, left);
    else this.onTheWay.delete(jobId);
  }

  /** The held record is the last copy while a hand-on is unacknowledged or the job is held again. */
  private mayForget(jobId: string): boolean {
    return !this.onTheWay.has(jobId) && !this.isHeld(jobId) && this.current !== jobId;
  }

  private takeHeld(now: number): DeskAction<D>[] {
    const actions: DeskAction<D>[] = [];
    while (this.current === undefined && !this.unavailable && this.held.length) {
      const { job } = this.held.shift()!;
      if (this.alreadyKnown(job.jobId)) {
        // Claimed elsewhere meanwhile: let it go, and its record with it (else a restart would hand it on again).
        if (this.mayForget(job.jobId)) actions.push({ kind: 'forget', jobId: job.jobId });
        continue;
      }
      if (Date.parse(job.deadline) <= now) {
        actions.push({ kind: 'expire', job });
        continue;
      }
      this.current = job.jobId;
      actions.push(this.claimAction(job, undefined, false, now));
    }
    return actions;
  }

  private alreadyKnown(jobId: string): string | undefined {
    const state = this.options.known(jobId);
    if (state) return `already ${state} by this bench (the job id is the key: a redelivery runs nothing)`;
    if (this.current === jobId) return 'being run by this bench';
    if (this.isHeld(jobId)) return 'already held by this bench';
    if (this.cancelled.has(jobId)) return 'cancelled by an operator';
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
