// A job on the fleet's work queue: one flow to run once on one bench of a pool. The flow travels
// with the job (its file and every run_flow sub-flow, each with its sha256), so the bench runs
// exactly what was submitted and a resume after a crash reads the same files again. Validated on
// arrival: a job that does not parse is refused with the field and the rule, and never taken.
import { z } from 'zod';
import { TAG_KEY_PATTERN, TAG_KEY_RULE, TAG_VALUE_PATTERN, TAG_VALUE_RULE } from './tags.js';

export const JOB_VERSION = 1;
export const POOL_PATTERN = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const POOL_RULE = '1 to 32 of a-z, 0-9, "_" and "-", starting with a letter or digit';
export const JOB_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{7,63}$/;
export const JOB_ID_RULE = '8 to 64 of a-z, 0-9, "_" and "-", starting with a letter or digit';
/** A flow and its sub-flows are small YAML files; this keeps one job message well under a broker's limits. */
export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_FILES = 32;

const relativePath = z
  .string()
  .min(1)
  .max(300)
  .refine(
    (path) =>
      !path.startsWith('/') &&
      !path.includes('\\') &&
      path.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    { message: 'must be a relative path inside the job (no leading "/", no "..", no empty part)' },
  );

const fileSchema = z.strictObject({
  path: relativePath,
  content: z.string().max(MAX_FILE_BYTES, { message: `must be at most ${MAX_FILE_BYTES} characters` }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { message: 'must be 64 lowercase hex digits (the sha256 of content)' }),
});

const isoTime = z
  .string()
  .refine((text) => /\d{4}-\d\d-\d\dT.*(Z|[+-]\d\d:\d\d)$/.test(text) && Number.isFinite(Date.parse(text)), {
    message: 'must be an ISO time with a zone, like 2026-12-01T18:00:00Z',
  });

export const jobSchema = z.strictObject({
  version: z.literal(JOB_VERSION, { message: `must be ${JOB_VERSION}` }),
  jobId: z.string().regex(JOB_ID_PATTERN, { message: `must be ${JOB_ID_RULE}` }),
  pool: z.string().regex(POOL_PATTERN, { message: `must be ${POOL_RULE}` }),
  /** The submission it belongs to: `ops results --suite` gathers one JUnit file from it. */
  suite: z.string().regex(JOB_ID_PATTERN, { message: `must be ${JOB_ID_RULE}` }),
  /** The flow's name in results (its file name without .yaml). */
  name: z.string().min(1).max(200),
  flow: z
    .strictObject({
      /** The file to run, one of files. */
      entry: relativePath,
      files: z.array(fileSchema).min(1).max(MAX_FILES),
    })
    .refine((flow) => flow.files.some((file) => file.path === flow.entry), {
      message: 'entry must be one of the files',
      path: ['entry'],
    }),
  tags: z.record(
    z.string().regex(TAG_KEY_PATTERN, { message: `a tag key must be ${TAG_KEY_RULE}` }),
    z.string().regex(TAG_VALUE_PATTERN, { message: `a tag value must be ${TAG_VALUE_RULE}` }),
  ),
  params: z.record(
    z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { message: 'a parameter name must be letters, digits and _' }),
    z.string().max(4000),
  ),
  submittedAt: isoTime,
  /** Unclaimed by then: reported unclaimed, never started. */
  deadline: isoTime,
  /** How often a bench that could not take it handed it on (a busy bench; diagnostics only). */
  hops: z.number().int().min(0).default(0),
});

export type Job = z.output<typeof jobSchema>;
export type JobInput = z.input<typeof jobSchema>;

export type JobParse = { ok: true; job: Job } | { ok: false; jobId?: string; field: string; message: string };

/** Parses a job message; on failure names the first bad field (dotted) and what it must be. */
export function parseJob(raw: unknown): JobParse {
  const parsed = jobSchema.safeParse(raw);
  if (parsed.success) return { ok: true, job: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.map(String).join('.') || '(the job)';
  const jobId =
    raw &&
    typeof raw === 'object' &&
    typeof (raw as { jobId?: unknown }).jobId === 'string' &&
    JOB_ID_PATTERN.test((raw as { jobId: string }).jobId)
      ? (raw as { jobId: string }).jobId
      : undefined;
  return { ok: false, ...(jobId ? { jobId } : {}), field, message: issue.message };
}

/** Parses the message's bytes as JSON first: a message that is not JSON is refused the same way. */
export function parseJobText(text: string): JobParse {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, field: '(the job)', message: `is not JSON (${(error as Error).message})` };
  }
  return parseJob(raw);
}
