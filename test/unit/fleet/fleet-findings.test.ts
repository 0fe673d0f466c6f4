// Findings merged across the fleet's results by id; a person's fleet-wide status beats the benches'.
import { describe, expect, it } from 'vitest';
import { fleetFindingStatusSchema, mergeFleetFindings } from '../../../src/core/fleet/fleet-findings.js';
import type { JobResult } from '../../../src/core/fleet/job-outcome.js';

const ID = 'a'.repeat(32);
const finding = (status: string, detail = 'says Pai') => ({
  id: ID,
  kind: 'text',
  subject: 'Pay button',
  severity: 'minor',
  status,
  detail,
  screen: 'Checkout',
  device: 'shop',
});
const result = (jobId: string, benchId: string, at: string, findings: ReturnType<typeof finding>[]): JobResult => ({
  version: 1,
  jobId,
  pool: 'lab',
  name: jobId,
  benchId,
  status: 'passed',
  summary: 'ok',
  finishedAt: at,
  findings,
});

describe('fleet findings', () => {
  it('merges one defect seen on two benches into one finding, naming both', () => {
    const merged = mergeFleetFindings(
      [
        result('j2', 'b2', '2026-12-01T12:02:00Z', [finding('new', 'still Pai')]),
        result('j1', 'b1', '2026-12-01T12:01:00Z', [finding('new')]),
      ],
      new Map(),
    );
    expect(merged).toEqual([
      expect.objectContaining({
        id: ID,
        benches: ['b1', 'b2'],
        jobs: ['j1', 'j2'],
        detail: 'still Pai',
        status: 'new',
        statusFrom: 'bench',
      }),
    ]);
  });

  it("keeps a person's dismissal whatever a bench reports later", () => {
    const person = fleetFindingStatusSchema.parse({
      status: 'dismissed',
      note: 'the font, not the app',
      by: 'alice',
      at: '2026-12-01T12:03:00Z',
    });
    const merged = mergeFleetFindings(
      [result('j3', 'b3', '2026-12-01T12:05:00Z', [finding('new')])],
      new Map([[ID, person]]),
    );
    expect(merged[0]).toMatchObject({ status: 'dismissed', statusFrom: 'person', person: { by: 'alice' } });
  });

  it('refuses a dismissal without a note, naming the field', () => {
    const parsed = fleetFindingStatusSchema.safeParse({ status: 'dismissed', by: 'alice', at: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]).toMatchObject({ path: ['note'], message: expect.stringMatching(/needs a note/) });
  });
});
