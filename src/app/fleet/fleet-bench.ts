// A bench serving a pool: the job desk's decisions (core/fleet/job-desk.ts) carried out — durable
// writes in the ledger, then the PUBACK, then the announcement — and the claimed jobs handed to the
// service one at a time, each once the broker has echoed its claim first (first claim wins: see
// core/fleet/job-desk.ts). A job claimed before a crash is handed over first at the next start,
// marked resumed: the same bench picks it up (the phone's state is physical; no other bench may).
import { randomUUID } from 'node:crypto';
import { FleetLink } from '../../adapters/mqtt/fleet-link.js';
import { CANCELLED, JobDesk, type DeskAction } from '../../core/fleet/job-desk.js';
import type { Job } from '../../core/fleet/job-schema.js';
import { jobResultSchema, type JobResult } from '../../core/fleet/job-outcome.js';
import type { BenchDescription, ServiceState } from '../../core/fleet/service-presence.js';
import { selectorOf, selectorsFor, type Tags } from '../../core/fleet/tags.js';
import type { MqttSettings } from '../agent/mqtt-wiring.js';
import { jobFilesProblem, JobLedger } from './job-ledger.js';
import { jobRunStarted } from './job-run-dir.js';

export interface FleetBenchOptions {
  mqtt: MqttSettings;
  stateDir: string;
  pool: string;
  tags: Tags;
  handOnMs?: number;
  say(line: string): void;
  /** A person's fleet-wide finding status (retained), for the bench's findings log. */
  onFindingStatus?(findingId: string, text: string): void;
  /** After each job's result is out (the findings sync applies fleet-wide statuses to new findings). */
  afterJob?(): Promise<void>;
}

export interface ClaimedJob {
  job: Job;
  /** Claimed before a restart: resume its run from its state directory. */
  resumed: boolean;
  claimedAt: string;
}

type Ack = (() => void) | undefined;

/** Test hook, like BENCHHAND_CRASH_AT: `claimed` kills the service after the durable claim, before the PUBACK. */
const CRASH_AT = process.env.BENCHHAND_FLEET_CRASH_AT;

export class FleetBench {
  readonly ledger: JobLedger;
  private readonly desk: JobDesk<Ack>;
  private link?: FleetLink;
  private readonly ready: ClaimedJob[] = [];
  private wake?: () => void;
  // Held shut until the link is up: a job the broker hands back arrives right after CONNACK,
  // before connect() has returned, and carrying out a decision needs the link.
  private linkUp!: () => void;
  private chain: Promise<void> = new Promise((resolve) => {
    this.linkUp = resolve;
  });
  private timer?: NodeJS.Timeout;
  private state: ServiceState;
  /** When each claim of this process's life was made (a resumed one: before the restart). */
  private readonly claimedAt = new Map<string, string>();

  private constructor(private readonly options: FleetBenchOptions) {
    this.ledger = new JobLedger(options.stateDir);
    this.desk = new JobDesk<Ack>({
      benchId: options.mqtt.benchId,
      pool: options.pool,
      tags: options.tags,
      handOnMs: options.handOnMs,
      known: (jobId) => this.ledger.known(jobId),
      check: jobFilesProblem,
      newToken: () => randomUUID(),
    });
    this.state = { benchId: options.mqtt.benchId, at: new Date().toISOString(), state: 'idle', job: null, held: 0 };
  }

  static async start(options: FleetBenchOptions): Promise<FleetBench> {
    const bench = new FleetBench(options);
    const { unfinished, held } = await bench.ledger.load();
    for (const claim of unfinished) {
      bench.claimedAt.set(claim.job.jobId, claim.claimedAt);
      // A run that had started is this bench's for good; one that had not is announced again and
      // runs only if no other bench's claim of it came first (carried out once the link is up).
      const actions = jobRunStarted(options.stateDir, claim.job.jobId)
        ? bench.desk.resume(claim.job)
        : bench.desk.resumeUnstarted(claim.job, Date.now());
      bench.enqueue(() => actions);
    }
    bench.desk.restoreHeld(held, Date.now());
    const { mqtt } = options;
    bench.link = await FleetLink.connect(
      {
        url: mqtt.url,
        benchId: mqtt.benchId,
        pool: options.pool,
        selectors: selectorsFor(options.tags),
        ...(mqtt.username ? { username: mqtt.username } : {}),
        ...(mqtt.password ? { password: mqtt.password } : {}),
        ...(mqtt.tlsCa ? { tlsCa: mqtt.tlsCa } : {}),
        log: options.say,
      },
      {
        job: (text, selector, acknowledge) =>
          bench.enqueue(() => {
            const actions = bench.desk.receive(acknowledge, text, selector, Date.now());
            if (process.env.BENCHHAND_FLEET_TRACE)
              options.say(
                `fleet trace: received ${actions.map((a) => `${a.kind} ${'job' in a ? `${a.job.jobId} hop ${a.job.hops}` : (a.jobId ?? '')}`).join(', ')}`,
              );
            return actions;
          }),
        claim: (jobId, benchId, text) => {
          const { token, yieldedTo } = claimFields(text);
          bench.enqueue(() => bench.desk.noteClaim(jobId, benchId, token, yieldedTo, Date.now()));
        },
        result: (jobId, benchId) => bench.desk.noteElsewhere(jobId, benchId),
        findingStatus: (findingId, text) => options.onFindingStatus?.(findingId, text),
        cancelled: (jobId) => bench.enqueue(() => bench.desk.noteCancelled(jobId, Date.now())),
      },
    );
    bench.linkUp();
    bench.schedule();
    return bench;
  }

  get tags(): Tags {
    return this.options.tags;
  }

  get benchId(): string {
    return this.options.mqtt.benchId;
  }

  describe(description: Omit<BenchDescription, 'benchId' | 'pool' | 'at'>): void {
    this.link?.describe({
      ...description,
      benchId: this.benchId,
      pool: this.options.pool,
      at: new Date().toISOString(),
    });
  }

  /** The next claimed job, once there is one (a resumed one first); undefined when `signal` ends the wait. */
  async nextJob(signal: AbortSignal, waitMs: number): Promise<ClaimedJob | undefined> {
    if (!this.ready.length) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, waitMs);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
      this.wake = undefined;
    }
    return this.ready.shift();
  }

  /** Health (or other work) decides whether the bench takes jobs; an unhealthy one holds and hands on. */
  setAvailable(available: boolean): void {
    this.enqueue(() => this.desk.setAvailable(available, Date.now()));
  }

  running(claimed: ClaimedJob): void {
    this.setState({
      state: 'running',
      job: {
        jobId: claimed.job.jobId,
        name: claimed.job.name,
        since: new Date().toISOString(),
        resumed: claimed.resumed,
      },
    });
  }

  setState(update: Partial<Omit<ServiceState, 'benchId' | 'at'>>): void {
    this.state = { ...this.state, ...update, held: this.desk.heldJobs.length, at: new Date().toISOString() };
    this.link?.setState(this.state);
  }

  /** The job's outcome: durable first (the ledger), then retained on results/<bench>/<job>; the bench is idle again. */
  async finished(
    claimed: ClaimedJob,
    outcome: Omit<
      JobResult,
      'version' | 'jobId' | 'suite' | 'pool' | 'name' | 'benchId' | 'finishedAt' | 'findings'
    > & { findings?: JobResult['findings'] },
  ): Promise<void> {
    const { job } = claimed;
    const result = jobResultSchema.parse({
      version: 1,
      jobId: job.jobId,
      suite: job.suite,
      pool: job.pool,
      name: job.name,
      benchId: this.benchId,
      finishedAt: new Date().toISOString(),
      findings: [],
      ...outcome,
    });
    await this.ledger.finish(job.jobId, result);
    await this.link
      ?.publishRetained(this.link.topics.result(this.benchId, job.jobId), result)
      .catch((error: Error) =>
        this.options.say(
          `fleet: the result of ${job.jobId} did not reach the broker (${error.message}); it is kept in ${this.ledger.jobDir(job.jobId)}`,
        ),
      );
    await this.options
      .afterJob?.()
      .catch((error: Error) => this.options.say(`fleet: after ${job.jobId}: ${error.message}`));
    this.setState({ state: 'idle', job: null });
    this.enqueue(() => this.desk.finish(job.jobId, Date.now()));
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.chain;
    await this.link?.close();
  }

  /** Desk decisions are carried out one after another, in the order the messages came. */
  private enqueue(decide: () => DeskAction<Ack>[]): void {
    this.chain = this.chain.then(async () => {
      for (const action of decide())
        await this.carryOut(action).catch((error: Error) =>
          this.options.say(`fleet: ${action.kind} failed: ${error.message}`),
        );
      this.schedule();
    });
  }

  private async carryOut(action: DeskAction<Ack>): Promise<void> {
    const link = this.link!;
    const say = this.options.say;
    const now = new Date().toISOString();
    switch (action.kind) {
      case 'refuse': {
        action.delivery?.();
        say(`fleet: refused ${action.jobId ?? 'a job without a usable id'}: ${action.field} ${action.message}`);
        const refusal = {
          version: 1,
          jobId: action.jobId ?? null,
          pool: this.options.pool,
          benchId: this.benchId,
          status: 'refused',
          summary: `refused: ${action.field} ${action.message}`,
          reason: { field: action.field, message: action.message },
          finishedAt: now,
          findings: [],
        };
        if (action.jobId)
          void link
            .publishRetained(link.topics.result(this.benchId, action.jobId), { ...refusal, name: action.jobId })
            .catch(() => undefined);
        else void link.publishRefusal(refusal).catch(() => undefined);
        return;
      }
      case 'drop':
        action.delivery?.();
        say(`fleet: ${action.jobId} again: ${action.reason}`);
        return;
      case 'expire': {
        const { job } = action;
        const result = jobResultSchema.parse({
          version: 1,
          jobId: job.jobId,
          suite: job.suite,
          pool: job.pool,
          name: job.name,
          benchId: this.benchId,
          status: 'unclaimed',
          summary: `unclaimed: its deadline ${job.deadline} passed before a bench took it (seen by ${this.benchId})`,
          finishedAt: now,
          findings: [],
        });
        await this.ledger.finish(job.jobId, result);
        action.delivery?.();
        void link.publishRetained(link.topics.result(this.benchId, job.jobId), result).catch(() => undefined);
        return;
      }
      case 'hold':
        await this.ledger.hold(action.job);
        action.delivery?.();
        say(`fleet: holding ${action.job.jobId} while busy (hand-on after ${this.desk.holdMs(action.job)} ms)`);
        this.setState({});
        return;
      case 'hand_on': {
        const { job } = action;
        // Held durably first: between the PUBACK and the broker taking it back, the job exists only here.
        if (action.delivery) await this.ledger.hold(job);
        action.delivery?.();
        say(`fleet: handing ${job.jobId} on (hop ${job.hops})`);
        // Out of held/ once the broker has every copy this bench handed on and the job is not held
        // again (a shared group may deal a job straight back to its publisher): the desk decides.
        void link.publishJob(selectorOf(job.tags), job).then(
          () => this.enqueue(() => this.desk.handedOn(job.jobId)),
          (error: Error) => {
            say(`fleet: could not hand ${job.jobId} on (${error.message}); held again`);
            this.enqueue(() => {
              this.desk.handOnFailed(job, Date.now());
              return [];
            });
          },
        );
        this.setState({});
        return;
      }
      case 'forget':
        await this.ledger.unhold(action.jobId);
        return;
      case 'claim': {
        const { job } = action;
        if (!action.resumed) {
          await this.ledger.claim(job, now);
          if (CRASH_AT === 'claimed') process.kill(process.pid, 'SIGKILL');
          action.delivery?.();
          this.claimedAt.set(job.jobId, now);
          say(`fleet: claimed ${job.jobId} (${job.name})`);
        }
        // Run once the broker echoes this announcement with no other bench's claim before it.
        void this.announceClaim(job, this.claimedAt.get(job.jobId) ?? now, action.resumed === true, action.token);
        return;
      }
      case 'run': {
        const { job } = action;
        if (action.unarbitrated) say(`fleet: running ${job.jobId} unarbitrated: ${action.unarbitrated}`);
        this.ready.push({ job, resumed: action.resumed, claimedAt: this.claimedAt.get(job.jobId) ?? now });
        this.wake?.();
        if (action.announce) void this.announceClaim(job, this.claimedAt.get(job.jobId) ?? now, true);
        return;
      }
      case 'yield': {
        const { job } = action;
        await this.ledger.yielded(job.jobId, action.to, now);
        say(
          action.to === CANCELLED
            ? `fleet: gave up ${job.jobId}: an operator cancelled it before this claim reached the broker (not run)`
            : `fleet: yielded ${job.jobId} to ${action.to}: its claim reached the broker first (not run here)`,
        );
        void link
          .publishRetained(link.topics.claim(this.benchId, job.jobId), {
            jobId: job.jobId,
            benchId: this.benchId,
            at: this.claimedAt.get(job.jobId) ?? now,
            yieldedTo: action.to,
          })
          .catch(() => undefined);
        return;
      }
    }
  }

  private announceClaim(job: Job, at: string, resumed: boolean, token?: string): Promise<void> {
    const link = this.link!;
    return link
      .publishRetained(link.topics.claim(this.benchId, job.jobId), {
        jobId: job.jobId,
        benchId: this.benchId,
        at,
        ...(resumed ? { resumed } : {}),
        ...(token ? { token } : {}),
      })
      .catch((error: Error) => {
        this.options.say(
          `fleet: the claim of ${job.jobId} was not announced (${error.message}); running it unarbitrated`,
        );
        if (token) this.enqueue(() => this.desk.announceFailed(job.jobId));
      });
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const due = this.desk.nextDueAt();
    if (due === undefined) return;
    this.timer = setTimeout(() => this.enqueue(() => this.desk.tick(Date.now())), Math.max(0, due - Date.now()) + 5);
  }
}

/** A claim's token and yieldedTo, from its retained JSON (anything else in it is the readers'). */
function claimFields(text: string): { token?: string; yieldedTo?: string } {
  try {
    const value = JSON.parse(text) as { token?: unknown; yieldedTo?: unknown };
    return {
      ...(typeof value.token === 'string' ? { token: value.token } : {}),
      ...(typeof value.yieldedTo === 'string' ? { yieldedTo: value.yieldedTo } : {}),
    };
  } catch {
    return {};
  }
}
