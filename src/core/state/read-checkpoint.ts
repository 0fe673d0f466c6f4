// The result file's text to a checkpoint, or exactly what is wrong with it: empty, truncated,
// not JSON, a checksum that does not match, a schema version this benchhand cannot read, or
// fields that are missing or wrong. Older versions are migrated in code. Messages name the file
// and the fix and never quote its content. Pure.
import { CHECKPOINT_SCHEMA_VERSION, checkpointSchema, type Checkpoint } from './checkpoint.js';
import { checkpointChecksum } from './checkpoint-checksum.js';
import { migrateCheckpoint, readableVersion } from './checkpoint-migrations.js';
import { jsonErrorPosition, sizeOf, type FileProblem, type StoredText } from './stored-text.js';

export const RESULT_FILE = 'result.json';
export const PREVIOUS_RESULT_FILE = 'result.prev.json';

export type ResultFileProblem = FileProblem | 'empty' | 'unparseable' | 'bad_checksum' | 'wrong_version' | 'invalid';
export type LoadedResult =
  { ok: true; checkpoint: Checkpoint } | { ok: false; problem: ResultFileProblem; message: string };

/** What to do about a result file that cannot be trusted. */
export const resultFileFix = (path: string): string =>
  `Nothing was sent to the device. Inspect ${path}; ${PREVIOUS_RESULT_FILE} beside it is the copy before the last write, or start over with \`benchhand run --fresh\` (the old record is archived).`;

export function checkpointFromStored(stored: StoredText, stateDir: string): LoadedResult {
  if (!stored.ok) {
    if (stored.problem === 'missing')
      return {
        ok: false,
        problem: 'missing',
        message: `no result file in ${stateDir}: nothing to resume there (is this the state directory of the run?)`,
      };
    return { ok: false, problem: stored.problem, message: stored.message };
  }
  return checkpointFromText(stored.text, stored.path);
}

export function checkpointFromText(text: string, path: string): LoadedResult {
  const fix = resultFileFix(path);
  if (!text.trim()) return { ok: false, problem: 'empty', message: `${path} is empty (${sizeOf(text)}). ${fix}` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problem: 'unparseable',
      message: `${path} is not complete JSON (${jsonErrorPosition(error)}, ${sizeOf(text)}): it was cut short or damaged. ${fix}`,
    };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, problem: 'invalid', message: `${path} does not hold a result object. ${fix}` };
  const record = raw as Record<string, unknown>;
  const version = record.schemaVersion;
  if (!readableVersion(version)) {
    const shown = typeof version === 'number' ? String(version) : typeof version;
    const newer =
      typeof version === 'number' && version > CHECKPOINT_SCHEMA_VERSION
        ? ' (it was written by a newer benchhand: update this one)'
        : '';
    return {
      ok: false,
      problem: 'wrong_version',
      message: `${path} has schemaVersion ${shown}; this benchhand reads version ${CHECKPOINT_SCHEMA_VERSION}${newer}. ${fix}`,
    };
  }
  if (typeof record.checksum !== 'string' || record.checksum !== checkpointChecksum(record as unknown as Checkpoint)) {
    return {
      ok: false,
      problem: 'bad_checksum',
      message: `${path} does not match its checksum: it was changed or damaged after it was written. ${fix}`,
    };
  }
  const parsed = checkpointSchema.safeParse(migrateCheckpoint(record, version));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return {
      ok: false,
      problem: 'invalid',
      message: `${path}: field ${issue.path.join('.') || '(top)'}: ${issue.message}. ${fix}`,
    };
  }
  return { ok: true, checkpoint: parsed.data };
}
