// The job desk's rules about copies of a job, on a manual clock: the held record of a job handed on
// stays until the broker has every copy (else a crash loses the job); two benches that both claim
// copies of one job run it once, decided by the order the broker hands out their claims; a job every
// bench is busy for waits longer at each hop instead of bouncing.
import { describe, expect, it } from 'vitest';
import {
  CANCELLED,
  JobDesk,
  MAX_HOLD_FACTOR,
  type DeskAction,
  type LedgerState,
} from '../../../src/core/fleet/job-desk.js';
import type { Job, JobInput } from '../../../src/core/fleet/job-schema.js';
import { suiteJob } from '../../support/fleet-job.js';

const T0 = Date.parse('2026-12-01T12:00:00Z');
const input = (n: number, extra: Partial<JobInput> = {}): JobInput => suiteJob(n, T0, 600_000, extra);
const text = (job: JobInput | Job) => JSON.stringify(job);

function desk(benchId: string, options: { maxHeld?: number; ledger?: Map<string, LedgerState> } = {}) {
  let tokens = 0;
  const ledger = options.ledger ?? new Map<string, LedgerState>();
  return new JobDesk<string>({
    benchId,
    pool: 'lab',
    tags: {},
    handOnMs: 1000,
    ...(options.maxHeld !== undefined ? { maxHeld: options.maxHeld } : {}),
    known: (id) => ledger.get(id),
    newToken: () => `${benchId}-${(tokens += 1)}`,
  });
}

const claimOf = (actions: DeskAction<string>[]) => {
  const claim = actions.find((a) => a.kind === 'claim');
  if (!claim || claim.kind !== 'claim') throw new Error(`no claim in ${JSON.stringify(actions.map((a) => a.kind))}`);
  return claim;
};
const kinds = (actions: DeskAction<string>[]) => actions.map((a) => a.kind);

describe('a job handed on keeps its held record until the broker has every copy', () => {
  it('a job dealt straight back and handed on again is not forgotten when the first copy is acknowledged', () => {
    // The app's durable held/ folder and the broker, as the app drives them.
    const heldOnDisk = new Set<string>();
    const unacknowledged: Job[] = [];
    const b1 = desk('b1', { maxHeld: 1 });
    const carryOut = (actions: DeskAction<string>[]) => {
      for (const a of actions) {
        if (a.kind === 'hold' || (a.kind === 'hand_on' && a.delivery)) heldOnDisk.add(a.job.jobId);
        if (a.kind === 'hand_on') unacknowledged.push(a.job);
        if (a.kind === 'forget') heldOnDisk.delete(a.jobId);
      }
    };
    // Busy with job 1, holding job 2 (full): job 3 is handed on at once ...
    const claim = claimOf(b1.receive('m1', text(input(1)), 'any', T0));
    b1.noteClaim('suite-abc-001', 'b1', claim.token, undefined, T0);
    carryOut(b1.receive('m2', text(input(2)), 'any', T0));
    carryOut(b1.receive('m3', text(input(3)), 'any', T0));
    // ... the shared group deals it straight back to b1, still full: handed on again.
    const again = unacknowledged[0]!;
    carryOut(b1.receive('m3-back', text(again), 'any', T0 + 5));
    expect(unacknowledged.map((j) => j.hops)).toEqual([1, 2]);
    // The broker acknowledges the first copy. b1 does not hold job 3 (the old rule — "the hand-on
    // is acknowledged and the job is not held again, so drop held/" — deleted the record here) ...
    expect(b1.heldJobs.some((j) => j.jobId === 'suite-abc-003')).toBe(false);
    carryOut(b1.handedOn('suite-abc-003'));
    unacknowledged.shift();
    // ... but the second copy is still only in this process: a crash now must find job 3 on disk.
    expect(heldOnDisk.has('suite-abc-003')).toBe(true);
    // Once the broker has the second copy too, the record goes.
    carryOut(b1.handedOn('suite-abc-003'));
    expect(heldOnDisk.has('suite-abc-003')).toBe(false);
    expect(b1.waiting.handOns).toBe(0);
  });

  it('a job that came back and is held again keeps its record when the earlier hand-on is acknowledged', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.receive('m1', text(input(1)), 'any', T0));
    b1.noteClaim('suite-abc-001', 'b1', claim.token, undefined, T0);
    b1.receive('m2', text(input(2)), 'any', T0);
    const [handOn] = b1.tick(T0 + 1000);
    expect(handOn).toMatchObject({ kind: 'hand_on', job: { jobId: 'suite-abc-002', hops: 1 } });
    expect(kinds(b1.receive('m2-back', text((handOn as { job: Job }).job), 'any', T0 + 1001))).toEqual(['hold']);
    expect(b1.handedOn('suite-abc-002')).toEqual([]);
  });

  it('a failed hand-on holds the job again, and a held job another bench claimed is let go with its record', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.receive('m1', text(input(1)), 'any', T0));
    b1.noteClaim('suite-abc-001', 'b1', claim.token, undefined, T0);
    b1.receive('m2', text(input(2)), 'any', T0);
    const [handOn] = b1.tick(T0 + 1000) as { job: Job }[];
    b1.handOnFailed(handOn!.job, T0 + 1100);
    expect(b1.heldJobs.map((j) => j.jobId)).toEqual(['suite-abc-002']);
    b1.noteClaim('suite-abc-002', 'b3', 'b3-1', undefined, T0 + 1200);
    // No hand-on of a job b3 runs: its record goes at the next tick.
    expect(b1.tick(T0 + 1300)).toEqual([{ kind: 'forget', jobId: 'suite-abc-002' }]);
    expect(b1.heldJobs).toEqual([]);
  });
});

describe('two copies of one job claimed by two benches run once: the first claim the broker hands out wins', () => {
  it('both benches decide the same way from the broker order, and only the winner runs it', () => {
    const b1 = desk('b1');
    const b2 = desk('b2');
    // Two copies (a bench restarted mid hand-on published its held copy again): each bench idle, each claims.
    const c1 = claimOf(b1.receive('copy-a', text(input(7)), 'any', T0));
    const c2 = claimOf(b2.receive('copy-b', text(input(7)), 'any', T0));
    // The broker processed b2's announcement first; every subscriber hears them in that order.
    const order = [
      { benchId: 'b2', token: c2.token },
      { benchId: 'b1', token: c1.token },
    ];
    const heard = (d: JobDesk<string>) =>
      order.flatMap((c) => d.noteClaim('suite-abc-007', c.benchId, c.token, undefined, T0 + 10));
    const atB1 = heard(b1);
    const atB2 = heard(b2);
    expect(atB1).toEqual([expect.objectContaining({ kind: 'yield', to: 'b2' })]);
    expect(atB2).toEqual([
      expect.objectContaining({ kind: 'run', job: expect.objectContaining({ jobId: 'suite-abc-007' }) }),
    ]);
    expect([...atB1, ...atB2].filter((a) => a.kind === 'run')).toHaveLength(1);
    // The loser is idle again and takes the next job; a third copy reaching it is dropped.
    expect(b1.busyWith).toBeUndefined();
    expect(b1.receive('copy-c', text(input(7)), 'any', T0 + 20)[0]).toMatchObject({
      kind: 'drop',
      reason: 'already claimed by bench b2',
    });
  });

  it('a claim runs only on its own echo: an old retained claim of this bench (before a restart) does not count', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.resumeUnstarted(JSON.parse(text(input(4))), T0));
    expect(claim).toMatchObject({ resumed: true });
    expect(b1.noteClaim('suite-abc-004', 'b1', 'token-from-before-the-restart', undefined, T0)).toEqual([]);
    expect(b1.noteClaim('suite-abc-004', 'b1', claim.token, undefined, T0)).toEqual([
      expect.objectContaining({ kind: 'run', resumed: true }),
    ]);
  });

  it('a claim given up (yieldedTo) is no claim, and a bench whose announcement failed runs unarbitrated', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.receive('m', text(input(5)), 'any', T0));
    expect(b1.noteClaim('suite-abc-005', 'b3', 'b3-1', 'b2', T0)).toEqual([]);
    expect(b1.announceFailed('suite-abc-005')).toEqual([expect.objectContaining({ kind: 'run' })]);
    expect(b1.noteClaim('suite-abc-005', 'b1', claim.token, undefined, T0)).toEqual([]);
  });
});

describe('a claim the broker never echoes', () => {
  it('runs after the echo timeout, unarbitrated and said so, rather than stall the bench', () => {
    const b1 = desk('b1');
    claimOf(b1.receive('m', text(input(6)), 'any', T0));
    expect(b1.nextDueAt()).toBe(T0 + 10_000);
    expect(b1.tick(T0 + 9_999)).toEqual([]);
    expect(b1.tick(T0 + 10_000)).toEqual([
      expect.objectContaining({ kind: 'run', unarbitrated: expect.stringMatching(/not heard back .* claims topic/) }),
    ]);
    expect(b1.nextDueAt()).toBeUndefined();
  });
});

describe('a job every bench is busy for', () => {
  it('is held twice as long at each hop, to a bound, before it is handed on', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.receive('m1', text(input(1)), 'any', T0));
    b1.noteClaim('suite-abc-001', 'b1', claim.token, undefined, T0);
    expect(kinds(b1.receive('m2', text(input(2, { hops: 2 })), 'any', T0))).toEqual(['hold']);
    expect(kinds(b1.receive('m3', text(input(3, { hops: 9 })), 'any', T0))).toEqual(['hold']);
    expect(b1.tick(T0 + 3999)).toEqual([]);
    expect(b1.tick(T0 + 4000)).toEqual([
      expect.objectContaining({ kind: 'hand_on', job: expect.objectContaining({ jobId: 'suite-abc-002', hops: 3 }) }),
    ]);
    expect(b1.nextDueAt()).toBe(T0 + 1000 * MAX_HOLD_FACTOR);
  });
});

describe('a job an operator cancelled', () => {
  it('is dropped on arrival, let go while held, and given up while its claim is out (the marker heard first)', () => {
    const b1 = desk('b1');
    b1.noteCancelled('suite-abc-001', T0);
    expect(b1.receive('m1', text(input(1)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: 'cancelled by an operator',
    });
    // Held while busy, then cancelled: its record goes at the next tick, it is never handed on.
    const claim = claimOf(b1.receive('m2', text(input(2)), 'any', T0));
    expect(kinds(b1.receive('m3', text(input(3)), 'any', T0))).toEqual(['hold']);
    b1.noteCancelled('suite-abc-003', T0 + 1);
    expect(b1.tick(T0 + 2)).toEqual([{ kind: 'forget', jobId: 'suite-abc-003' }]);
    // The marker reaches b1 before the echo of its claim of job 2: b1 gives it up, never runs it.
    expect(b1.noteCancelled('suite-abc-002', T0 + 3)).toEqual([
      expect.objectContaining({
        kind: 'yield',
        to: CANCELLED,
        job: expect.objectContaining({ jobId: 'suite-abc-002' }),
      }),
    ]);
    expect(b1.noteClaim('suite-abc-002', 'b1', claim.token, undefined, T0 + 4)).toEqual([]);
    expect(b1.busyWith).toBeUndefined();
  });

  it('a claim echoed before the marker runs (first wins), and a claim given up for a cancellation marks it cancelled', () => {
    const b1 = desk('b1');
    const claim = claimOf(b1.receive('m', text(input(4)), 'any', T0));
    expect(kinds(b1.noteClaim('suite-abc-004', 'b1', claim.token, undefined, T0))).toEqual(['run']);
    expect(b1.noteCancelled('suite-abc-004', T0 + 1)).toEqual([]);
    const b2 = desk('b2');
    b2.noteClaim('suite-abc-005', 'b3', 'b3-1', CANCELLED, T0);
    expect(b2.receive('m', text(input(5)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: 'cancelled by an operator',
    });
  });
});
