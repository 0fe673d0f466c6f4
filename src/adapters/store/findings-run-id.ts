// The id of the run in a state directory, as its result file names it. Findings record which runs
// saw them; the loop writes result.json (with runId, part of the file's interface) before its
// first step, so by the time a tool records a finding the id is there.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESULT_FILE } from './result-file.js';

export async function runIdFromResultFile(stateDir: string): Promise<string | undefined> {
  try {
    const runId = (JSON.parse(await readFile(join(stateDir, RESULT_FILE), 'utf8')) as { runId?: unknown }).runId;
    return typeof runId === 'string' ? runId : undefined;
  } catch {
    return undefined; // no run yet, or a damaged file that recovery reports on its own
  }
}
