// Reads the result file back and says exactly what is wrong with it when it cannot be trusted:
// missing, empty, truncated, not JSON, a checksum that does not match, a schema version this
// benchhand cannot read, or fields that are missing or wrong. Older versions are migrated in code.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CHECKPOINT_SCHEMA_VERSION, checkpointSchema, type Checkpoint } from '../../core/state/checkpoint.js';
import { checkpointChecksum, PREVIOUS_RESULT_FILE, RESULT_FILE } from './result-file.js';

export type ResultFileProblem = 'missing' | 'empty' | 'unparseable' | 'bad_checksum' | 'wrong_version' | 'invalid';
export type LoadedResult = { ok: true; checkpoint: Checkpoint } | { ok: false; problem: ResultFileProblem; message: string };

/** Migrations from each older schema version to the next; version 1 is the first. */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

export async function readResultFile(stateDir: string): Promise<LoadedResult> {
  const path = join(stateDir, RESULT_FILE);
  const fix = `Nothing was sent to the device. Inspect ${path}; ${PREVIOUS_RESULT_FILE} beside it is the copy before the last write, or start a new run.`;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: false, problem: 'missing', message: `no result file in ${stateDir}: nothing to resume there (is this the state directory of the run?)` };
    throw error;
  }
  if (!text.trim()) return { ok: false, problem: 'empty', message: `${path} is empty. ${fix}` };
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, problem: 'unparseable', message: `${path} is not complete JSON (${(error as Error).message}): it was cut short or damaged. ${fix}` };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, problem: 'invalid', message: `${path} does not hold a result object. ${fix}` };
  const version = raw.schemaVersion;
  if (typeof version !== 'number' || version > CHECKPOINT_SCHEMA_VERSION || (version < CHECKPOINT_SCHEMA_VERSION && !MIGRATIONS[version])) {
    return { ok: false, problem: 'wrong_version', message: `${path} has schemaVersion ${JSON.stringify(version)}; this benchhand reads version ${CHECKPOINT_SCHEMA_VERSION}${typeof version === 'number' && version > CHECKPOINT_SCHEMA_VERSION ? ' (it was written by a newer benchhand: update this one)' : ''}. ${fix}` };
  }
  if (typeof raw.checksum !== 'string' || raw.checksum !== checkpointChecksum(raw as unknown as Checkpoint)) {
    return { ok: false, problem: 'bad_checksum', message: `${path} does not match its checksum: it was changed or damaged after it was written. ${fix}` };
  }
  let migrated = raw;
  for (let v = version; v < CHECKPOINT_SCHEMA_VERSION; v++) migrated = MIGRATIONS[v]!(migrated);
  const parsed = checkpointSchema.safeParse(migrated);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: 'invalid', message: `${path}: field ${issue.path.join('.') || '(top)'}: ${issue.message}. ${fix}` };
  }
  return { ok: true, checkpoint: parsed.data };
}
