// The bench's ledger on a real disk: a claim writes the flow files and claim.json before anything
// else knows of the job; after a restart (a new ledger over the same directory) the job id is
// still known, an unfinished claim comes back to be resumed, held jobs come back, and a finished id
// stays finished. A file whose sha256 does not match is named.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jobFilesProblem, JobLedger } from '../../../src/app/fleet/job-ledger.js';
import { jobSchema } from '../../../src/core/fleet/job-schema.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const job = (n: number) =>
  jobSchema.parse({
    version: 1,
    jobId: `suite-led-00${n}`,
    pool: 'lab',
    suite: 'suite-led',
    name: `f${n}`,
    flow: {
      entry: 'f.yaml',
      files: [
        { path: 'f.yaml', content: 'steps: []\n', sha256: sha('steps: []\n') },
        { path: '_shared/s.yaml', content: 'steps: []\n', sha256: sha('steps: []\n') },
      ],
    },
    tags: {},
    params: {},
    submittedAt: '2026-12-01T12:00:00Z',
    deadline: '2026-12-01T13:00:00Z',
  });

describe('the job ledger', () => {
  it('keeps claims, held jobs and finished ids across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-ledger-'));
    const first = new JobLedger(dir);
    await first.load();
    await first.hold(job(1));
    await first.claim(job(2), '2026-12-01T12:00:01Z');
    await first.claim(job(3), '2026-12-01T12:00:02Z');
    await first.finish('suite-led-003', {
      version: 1,
      jobId: 'suite-led-003',
      pool: 'lab',
      name: 'f3',
      benchId: 'b1',
      status: 'passed',
      summary: 'ok',
      finishedAt: 'x',
      findings: [],
    });
    expect(readFileSync(join(dir, 'fleet', 'jobs', 'suite-led-002', 'flow', '_shared', 's.yaml'), 'utf8')).toBe(
      'steps: []\n',
    );
    const again = new JobLedger(dir);
    const { unfinished, held } = await again.load();
    expect(unfinished.map((c) => c.job.jobId)).toEqual(['suite-led-002']);
    expect(held.map((j) => j.jobId)).toEqual(['suite-led-001']);
    expect([again.known('suite-led-002'), again.known('suite-led-003'), again.known('suite-led-001')]).toEqual([
      'claimed',
      'finished',
      undefined,
    ]);
    // Claiming a held job takes it out of held/.
    await again.claim(job(1), 'x');
    expect(existsSync(join(dir, 'fleet', 'held', 'suite-led-001.json'))).toBe(false);
  });

  it('names a file whose content does not match its sha256', () => {
    const damaged = {
      ...job(4),
      flow: { ...job(4).flow, files: [{ path: 'f.yaml', content: 'steps: [x]\n', sha256: sha('steps: []\n') }] },
    };
    expect(jobFilesProblem(damaged)).toMatchObject({
      field: 'flow.files.0.sha256',
      message: expect.stringMatching(/does not match the content of f\.yaml/),
    });
    expect(jobFilesProblem(job(4))).toBeUndefined();
  });
});
