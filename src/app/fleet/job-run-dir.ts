// Where a fleet job's run keeps its record (STATE_DIR/runs/job-ID), and whether that run had
// started: the run job, the bench's restart and the service's watchdog ask the same place.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../../core/state/read-journal.js';
import { RESULT_FILE } from '../../core/state/read-checkpoint.js';

export const jobRunDir = (stateDir: string, jobId: string): string => join(stateDir, 'runs', `job-${jobId}`);

/** A run that wrote a result file or a journal had started (it may have acted on the phone). */
export function jobRunStarted(stateDir: string, jobId: string): boolean {
  const runDir = jobRunDir(stateDir, jobId);
  return [RESULT_FILE, JOURNAL_FILE].some((name) => existsSync(join(runDir, name)));
}
