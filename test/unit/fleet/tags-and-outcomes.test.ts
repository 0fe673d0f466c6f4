// Tags, selectors and the gathering of outcomes (who says a job is unclaimed), on a fixed clock.
import { describe, expect, it } from 'vitest';
import { gatherOutcomes, type JobResult } from '../../../src/core/fleet/job-outcome.js';
import { parseTags, selectorOf, selectorsFor, tagsFit } from '../../../src/core/fleet/tags.js';

describe('tags', () => {
  it('parses k=v lists and names what is wrong', () => {
    expect(parseTags('model=pixel-7, os=android-14')).toEqual({
      ok: true,
      tags: { model: 'pixel-7', os: 'android-14' },
    });
    expect(parseTags('model')).toMatchObject({ ok: false, message: expect.stringMatching(/KEY=VALUE/) });
    expect(parseTags('Model=x')).toMatchObject({ ok: false, message: expect.stringMatching(/tag key "Model"/) });
    expect(parseTags('os=a/b')).toMatchObject({ ok: false, message: expect.stringMatching(/value "a\/b"/) });
    expect(parseTags('os=a,os=b')).toMatchObject({ ok: false, message: expect.stringMatching(/twice/) });
  });

  it('a bench subscribes to the selector of every subset of its tags, so it hears exactly the jobs it fits', () => {
    const bench = { model: 'px', os: 'v', resolution: '1080x2400' };
    const selectors = selectorsFor(bench);
    expect(selectors).toHaveLength(8);
    expect(selectors).toContain('any');
    expect(selectors).toContain(selectorOf({ resolution: '1080x2400', model: 'px' }));
    expect(selectors).not.toContain(selectorOf({ model: 'other' }));
    expect(selectorOf({ os: 'v', model: 'px' })).toBe('model=px,os=v');
    expect(tagsFit({ os: 'v' }, bench)).toBe(true);
    expect(tagsFit({ os: 'w' }, bench)).toBe(false);
    expect(() => selectorsFor(Object.fromEntries([...'abcdefg'].map((k) => [k, '1'])))).toThrow(/at most 6 tags/);
  });
});

describe('gathering outcomes', () => {
  const now = Date.parse('2026-12-01T12:10:00Z');
  const submitted = (jobId: string, deadline: string) => ({
    jobId,
    suite: 's1',
    pool: 'lab',
    name: jobId,
    tags: {},
    deadline,
    submittedAt: '2026-12-01T12:00:00Z',
  });
  const result = (jobId: string, benchId: string, status: JobResult['status']): JobResult => ({
    version: 1,
    jobId,
    pool: 'lab',
    name: jobId,
    benchId,
    status,
    summary: status,
    finishedAt: '2026-12-01T12:05:00Z',
    findings: [],
  });

  it("unclaimed is the reader's word: submitted, no claim, deadline passed; queued before it; running once claimed", () => {
    const outcomes = gatherOutcomes(
      [
        submitted('j-late-001', '2026-12-01T12:09:59Z'),
        submitted('j-wait-002', '2026-12-01T12:10:01Z'),
        submitted('j-run-0003', '2026-12-01T12:01:00Z'),
        submitted('j-done-004', '2026-12-01T12:01:00Z'),
      ],
      [
        { jobId: 'j-run-0003', benchId: 'b2', at: 'x' },
        { jobId: 'j-done-004', benchId: 'b1', at: 'x' },
      ],
      [result('j-done-004', 'b3', 'unclaimed'), result('j-done-004', 'b1', 'passed')],
      now,
    );
    expect(Object.fromEntries(outcomes.map((o) => [o.jobId, [o.status, o.benchId]]))).toEqual({
      'j-late-001': ['unclaimed', undefined],
      'j-wait-002': ['queued', undefined],
      'j-run-0003': ['running', 'b2'],
      'j-done-004': ['passed', 'b1'],
    });
  });

  it('a claim its bench gave up (yieldedTo) is not a claim: one job, one claiming bench', () => {
    const [outcome] = gatherOutcomes(
      [submitted('j-copy-005', '2026-12-01T12:09:00Z')],
      [
        { jobId: 'j-copy-005', benchId: 'b2', at: 'x', token: 't2' },
        { jobId: 'j-copy-005', benchId: 'b1', at: 'x', token: 't1', yieldedTo: 'b2' },
      ],
      [],
      now,
    );
    expect(outcome).toMatchObject({ status: 'running', benchId: 'b2', claimedBy: ['b2'] });
  });
});
