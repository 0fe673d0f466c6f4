// `benchhand run` over a state directory that holds an unfinished run used to start a new
// continuation over it, overwriting its result file: the crashed run's record was lost and the
// journal mixed two runs. Now run refuses and says to resume; with --fresh it first archives
// the old run's record into STATE_DIR/archive/<time>/, then starts. Kept in place: the command
// ids (they must never repeat), the findings (they span runs) and the MQTT outbox (events not yet
// delivered).
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDirectory } from '../../adapters/store/atomic-file.js';
import { readResultFile } from '../../adapters/store/result-file-reader.js';
import { JOURNAL_FILE } from '../../core/state/read-journal.js';
import { PREVIOUS_RESULT_FILE, RESULT_FILE } from '../../core/state/read-checkpoint.js';

/** The files of one run's record; everything else in a state directory outlives the run. */
const RUN_RECORD = [
  RESULT_FILE,
  PREVIOUS_RESULT_FILE,
  JOURNAL_FILE,
  'audit.jsonl',
  'operator.jsonl',
  'notes',
  'frames',
];
const FINISHED = new Set(['submitted', 'answered', 'handed_over']);
export const ARCHIVE_DIR = 'archive';

export class UnfinishedRunError extends Error {}

/**
 * Throws UnfinishedRunError when `stateDir` holds a run that is not finished (or whose record
 * cannot be read) and `fresh` is not set; with `fresh`, archives that record and returns where.
 */
export async function makeRoomForNewRun(
  stateDir: string,
  options: { fresh: boolean; now?: () => Date },
): Promise<string | undefined> {
  // A run leaves a result file or a journal; an audit log alone (a resume that found nothing) is no run.
  if (![RESULT_FILE, JOURNAL_FILE].some((name) => existsSync(join(stateDir, name)))) return undefined;
  const present = RUN_RECORD.filter((name) => existsSync(join(stateDir, name)));
  const state = await describeSavedRun(stateDir);
  if (!options.fresh) {
    if (state.finished) return undefined; // a finished run's record stays beside the new one (the journal keeps both chains apart)
    throw new UnfinishedRunError(
      `${stateDir} holds an unfinished run (${state.words}). ` +
        `Pick it up with \`benchhand resume TASK --state-dir ${stateDir}\`, or start over with \`benchhand run TASK --state-dir ${stateDir} --fresh\` (the old record is moved to ${join(stateDir, ARCHIVE_DIR)}/ first).`,
    );
  }
  const stamp = (options.now?.() ?? new Date()).toISOString().replace(/[:.]/g, '-');
  const target = join(stateDir, ARCHIVE_DIR, stamp);
  await mkdir(target, { recursive: true });
  for (const name of present) await rename(join(stateDir, name), join(target, name));
  await fsyncDirectory(target);
  await fsyncDirectory(stateDir);
  return target;
}

async function describeSavedRun(stateDir: string): Promise<{ finished: boolean; words: string }> {
  const loaded = await readResultFile(stateDir);
  if (!loaded.ok)
    return {
      finished: false,
      words:
        loaded.problem === 'missing'
          ? 'a journal without a result file'
          : `its result file cannot be read: ${loaded.problem}`,
    };
  const { checkpoint } = loaded;
  return {
    finished: FINISHED.has(checkpoint.status),
    words: `continuation ${checkpoint.continuationId}, step ${checkpoint.state.step}, ${checkpoint.status}`,
  };
}
