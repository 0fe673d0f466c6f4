// The job desk's rules on a manual clock: the job id is the key (a redelivery or a second copy runs
// nothing), a busy bench holds and then hands on, an idle one claims, a job past its deadline is
// reported unclaimed, a malformed one is refused naming the field.
import { describe, expect, it } from 'vitest';
import { JobDesk, type LedgerState } from '../../../src/core/fleet/job-desk.js';
import type { JobInput } from '../../../src/core/fleet/job-schema.js';
import { suiteJob } from '../../support/fleet-job.js';

const T0 = Date.parse('2026-12-01T12:00:00Z');
const job = (n: number, extra: Partial<JobInput> = {}): JobInput => suiteJob(n, T0, 60_000, extra);
const text = (input: JobInput) => JSON.stringify(input);

function desk(ledger = new Map<string, LedgerState>(), handOnMs = 1000, benchId = 'b1', maxHeld?: number) {
  let tokens = 0;
  return new JobDesk<string>({
    benchId,
    pool: 'lab',
    tags: { model: 'px', os: 'virtual' },
    handOnMs,
    ...(maxHeld !== undefined ? { maxHeld } : {}),
    known: (id) => ledger.get(id),
    newToken: () => `${benchId}-token-${(tokens += 1)}`,
  });
}

describe('the job desk', () => {
  it('claims a job when idle, holds the next while busy, and takes the held one when the first finishes', () => {
    const d = desk();
    expect(d.receive('m1', text(job(1)), 'any', T0).map((a) => a.kind)).toEqual(['claim']);
    expect(d.receive('m2', text(job(2)), 'any', T0 + 10).map((a) => a.kind)).toEqual(['hold']);
    expect(d.busyWith).toBe('suite-abc-001');
    const taken = d.finish('suite-abc-001', T0 + 500);
    expect(taken).toEqual([
      expect.objectContaining({ kind: 'claim', job: expect.objectContaining({ jobId: 'suite-abc-002' }) }),
    ]);
    expect(d.busyWith).toBe('suite-abc-002');
  });

  it('hands a held job on after handOnMs with one more hop, not before', () => {
    const d = desk();
    d.receive('m1', text(job(1)), 'any', T0);
    d.receive('m2', text(job(2)), 'any', T0);
    expect(d.tick(T0 + 999)).toEqual([]);
    expect(d.nextDueAt()).toBe(T0 + 1000);
    const [action] = d.tick(T0 + 1000);
    expect(action).toMatchObject({ kind: 'hand_on', job: { jobId: 'suite-abc-002', hops: 1 } });
    expect(d.heldJobs).toEqual([]);
  });

  it('runs a job id once: a redelivery, a copy of a held job, one the ledger has, or one another bench claimed is dropped', () => {
    const ledger = new Map<string, LedgerState>([['suite-abc-007', 'finished']]);
    const d = desk(ledger);
    d.receive('m1', text(job(1)), 'any', T0);
    expect(d.receive('m1-dup', text(job(1)), 'any', T0)).toEqual([
      expect.objectContaining({ kind: 'drop', reason: 'being run by this bench' }),
    ]);
    d.receive('m2', text(job(2)), 'any', T0);
    expect(d.receive('m2-dup', text(job(2)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: 'already held by this bench',
    });
    expect(d.receive('m7', text(job(7)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: expect.stringMatching(/already finished by this bench/),
    });
    d.noteElsewhere('suite-abc-008', 'b2');
    expect(d.receive('m8', text(job(8)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: 'already claimed by bench b2',
    });
    // A claim that came back to this bench after a restart: the ledger says claimed.
    ledger.set('suite-abc-009', 'claimed');
    expect(d.receive('m9', text(job(9)), 'any', T0)[0]).toMatchObject({
      kind: 'drop',
      reason: expect.stringMatching(/already claimed by this bench/),
    });
  });

  it('a held job another bench claims meanwhile is let go, not taken', () => {
    const d = desk();
    d.receive('m1', text(job(1)), 'any', T0);
    d.receive('m2', text(job(2)), 'any', T0);
    d.noteClaim('suite-abc-002', 'b3', 'b3-token', undefined, T0 + 5);
    // Not claimed here; its held record goes (a restart must not hand it on again).
    expect(d.finish('suite-abc-001', T0 + 10)).toEqual([{ kind: 'forget', jobId: 'suite-abc-002' }]);
    expect(d.busyWith).toBeUndefined();
  });

  it('reports a job past its deadline unclaimed, on arrival or while held', () => {
    const d = desk(new Map(), 120_000);
    expect(d.receive('m1', text(job(1)), 'any', T0 + 60_000)[0]).toMatchObject({ kind: 'expire' });
    const [claim] = d.receive('m2', text(job(2)), 'any', T0);
    d.noteClaim('suite-abc-002', 'b1', (claim as { token: string }).token, undefined, T0 + 1);
    d.receive('m3', text(job(3)), 'any', T0);
    expect(d.tick(T0 + 60_000)).toEqual([
      expect.objectContaining({ kind: 'expire', job: expect.objectContaining({ jobId: 'suite-abc-003' }) }),
    ]);
  });

  it('refuses a malformed job naming the field, and one on the wrong pool or selector topic', () => {
    const d = desk();
    expect(d.receive('m', 'not json', 'any', T0)[0]).toMatchObject({
      kind: 'refuse',
      field: '(the job)',
      message: expect.stringMatching(/not JSON/),
    });
    expect(d.receive('m', text(job(1, { deadline: 'tomorrow' })), 'any', T0)[0]).toMatchObject({
      kind: 'refuse',
      jobId: 'suite-abc-001',
      field: 'deadline',
      message: expect.stringMatching(/ISO time/),
    });
    expect(
      d.receive('m', text(job(1, { flow: { entry: '../etc/passwd', files: job(1).flow.files } })), 'any', T0)[0],
    ).toMatchObject({ kind: 'refuse', field: 'flow.entry' });
    expect(d.receive('m', text(job(1, { pool: 'other' })), 'any', T0)[0]).toMatchObject({
      kind: 'refuse',
      field: 'pool',
    });
    expect(d.receive('m', text(job(1, { tags: { model: 'px' } })), 'any', T0)[0]).toMatchObject({
      kind: 'refuse',
      field: 'tags',
      message: expect.stringMatching(/jobs\/model=px/),
    });
    expect(d.busyWith).toBeUndefined();
  });

  it("takes a job for a subset of its tags on that subset's selector", () => {
    expect(desk().receive('m', text(job(1, { tags: { os: 'virtual' } })), 'os=virtual', T0)[0]!.kind).toBe('claim');
  });

  it('resumes a claimed job first after a restart, and restores held jobs with a fresh hand-on time', () => {
    const d = desk();
    expect(d.resume(JSON.parse(text(job(4))))).toEqual([
      expect.objectContaining({ kind: 'run', resumed: true, job: expect.objectContaining({ jobId: 'suite-abc-004' }) }),
    ]);
    d.restoreHeld([JSON.parse(text(job(5)))], T0);
    expect(d.receive('m6', text(job(6)), 'any', T0)[0]!.kind).toBe('hold');
    expect(d.finish('suite-abc-004', T0 + 1)[0]).toMatchObject({ kind: 'claim', job: { jobId: 'suite-abc-005' } });
  });
});

describe('an unavailable bench (unhealthy, or running an inbox task)', () => {
  it('claims nothing while unavailable: it holds and hands on; available again, it takes what it holds', () => {
    const d = desk();
    d.setAvailable(false, T0);
    expect(d.receive('m1', text(job(1)), 'any', T0)[0]!.kind).toBe('hold');
    expect(d.tick(T0 + 10)).toEqual([]);
    expect(d.setAvailable(true, T0 + 20)).toEqual([
      expect.objectContaining({ kind: 'claim', job: expect.objectContaining({ jobId: 'suite-abc-001' }) }),
    ]);
  });
});
