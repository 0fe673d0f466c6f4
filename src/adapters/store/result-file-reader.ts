// Reads the result file back, bounded and checked: the store's part is getting the bytes safely
// (bounded-read.ts); what is wrong with them is the core's (core/state/read-checkpoint.ts).
import { join } from 'node:path';
import {
  checkpointFromStored,
  resultFileFix,
  RESULT_FILE,
  type LoadedResult,
} from '../../core/state/read-checkpoint.js';
import { readBoundedText } from './bounded-read.js';

export type { LoadedResult, ResultFileProblem } from '../../core/state/read-checkpoint.js';

/** A checkpoint is ~8 KB; even a long run's stays far below this. */
export const RESULT_FILE_MAX_BYTES = 8 * 1024 * 1024;

export async function readResultFile(stateDir: string): Promise<LoadedResult> {
  const path = join(stateDir, RESULT_FILE);
  const stored = await readBoundedText(path, {
    maxBytes: RESULT_FILE_MAX_BYTES,
    what: 'a result file',
    fix: resultFileFix(path),
  });
  return checkpointFromStored(stored, stateDir);
}
