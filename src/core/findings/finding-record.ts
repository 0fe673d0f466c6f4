// What the findings database holds, as a schema: validated on every read so a damaged file is
// refused instead of being taken for an empty one. Pure: no I/O here.
import { z } from 'zod';

export const FINDING_STATUSES = ['new', 'acknowledged', 'in_progress', 'dismissed', 'resolved'] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_SEVERITIES = ['info', 'minor', 'major', 'critical'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** The version of findings.json this code reads and writes; a different one is refused, not guessed at. */
export const FINDINGS_FILE_VERSION = 1;

/** Run ids kept per finding: enough to trace recent runs without the record growing for ever. */
export const MAX_RUN_IDS = 50;

const statusChangeSchema = z.strictObject({
  status: z.enum(FINDING_STATUSES),
  at: z.string().min(1),
  /** Who changed it: "benchhand agent", or the person's name from the CLI. */
  by: z.string().min(1),
  note: z.string().optional(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const findingRecordSchema = z.strictObject({
  id: z.string().regex(/^[0-9a-f]{32}$/, '32 lowercase hex digits'),
  device: z.string(),
  screen: z.string(),
  kind: z.string(),
  subject: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  detail: z.string(),
  status: z.enum(FINDING_STATUSES),
  firstSeen: z.string().min(1),
  lastSeen: z.string().min(1),
  /** Every save counts, including a second save within one run. */
  occurrences: z.number().int().min(1),
  /** Oldest first; the first entry is the creation (status "new"). */
  history: z.array(statusChangeSchema).min(1),
  /** Runs that saw it, oldest first, each once, at most MAX_RUN_IDS (the newest). */
  runIds: z.array(z.string()),
});
export type FindingRecord = z.infer<typeof findingRecordSchema>;

export const findingsFileSchema = z
  .strictObject({
    version: z.literal(FINDINGS_FILE_VERSION),
    findings: z.array(findingRecordSchema),
  })
  .superRefine((file, context) => {
    const seen = new Set<string>();
    file.findings.forEach((finding, index) => {
      if (seen.has(finding.id))
        context.addIssue({
          code: 'custom',
          path: ['findings', index, 'id'],
          message: `id ${finding.id} appears twice`,
        });
      seen.add(finding.id);
    });
  });
export type FindingsFile = z.infer<typeof findingsFileSchema>;

export const emptyFindingsFile = (): FindingsFile => ({ version: FINDINGS_FILE_VERSION, findings: [] });

/** What is wrong with parsed JSON as a findings file, in words, or undefined when it is fine. */
export function findingsFileProblems(data: unknown): string | undefined {
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== FINDINGS_FILE_VERSION) {
    return `it is version ${version} and this benchhand reads version ${FINDINGS_FILE_VERSION} (written by a different benchhand?)`;
  }
  const checked = findingsFileSchema.safeParse(data);
  if (checked.success) return undefined;
  const issues = checked.error.issues
    .slice(0, 3)
    .map(
      (issue) =>
        `${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('') || '(top level)'}: ${issue.message}`,
    );
  const more = checked.error.issues.length > 3 ? ` (and ${checked.error.issues.length - 3} more)` : '';
  return `it does not match the findings schema: ${issues.join('; ')}${more}`;
}
