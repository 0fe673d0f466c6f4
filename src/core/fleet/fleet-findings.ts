// Findings across the fleet: every job's result carries the findings its run saw; merged here by
// their stable id (the same defect on two benches is one finding, seen on both). A person's status,
// set fleet-wide with `ops findings set` (retained on benchhand/_fleet/findings/<id>), beats what
// any bench reports: dismissed stays dismissed, whichever bench sees it next.
import { z } from 'zod';
import { FINDING_STATUSES, type FindingStatus } from '../findings/finding-record.js';
import type { JobResult } from './job-outcome.js';

export const fleetFindingStatusSchema = z
  .strictObject({
    status: z.enum(FINDING_STATUSES),
    note: z.string().max(2000).optional(),
    by: z.string().min(1).max(100),
    at: z.string().min(1),
  })
  .refine((s) => s.status !== 'dismissed' || (s.note ?? '').trim().length > 0, {
    message: 'dismissing a finding needs a note saying why',
    path: ['note'],
  });
export type FleetFindingStatus = z.infer<typeof fleetFindingStatusSchema>;

export interface MergedFinding {
  id: string;
  kind: string;
  subject: string;
  severity: string;
  detail: string;
  status: FindingStatus;
  /** Whose word the status is: a person's (fleet-wide) or the benches' own. */
  statusFrom: 'person' | 'bench';
  benches: string[];
  jobs: string[];
  person?: FleetFindingStatus;
}

export function mergeFleetFindings(
  results: JobResult[],
  statuses: ReadonlyMap<string, FleetFindingStatus>,
): MergedFinding[] {
  const merged = new Map<string, MergedFinding>();
  const ordered = [...results].sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
  for (const result of ordered) {
    for (const finding of result.findings) {
      const known = merged.get(finding.id);
      const status = (FINDING_STATUSES as readonly string[]).includes(finding.status)
        ? (finding.status as FindingStatus)
        : 'new';
      if (!known) {
        merged.set(finding.id, {
          id: finding.id,
          kind: finding.kind,
          subject: finding.subject,
          severity: finding.severity,
          detail: finding.detail,
          status,
          statusFrom: 'bench',
          benches: [result.benchId],
          jobs: [result.jobId],
        });
        continue;
      }
      // The latest report's status, the latest detail; each bench and job once.
      known.status = status;
      known.detail = finding.detail;
      if (!known.benches.includes(result.benchId)) known.benches.push(result.benchId);
      if (!known.jobs.includes(result.jobId)) known.jobs.push(result.jobId);
    }
  }
  for (const [id, person] of statuses) {
    const finding = merged.get(id);
    if (finding) Object.assign(finding, { status: person.status, statusFrom: 'person', person });
  }
  return [...merged.values()].sort((a, b) => a.id.localeCompare(b.id));
}
