// Reads the action journal back, bounded and checked line by line (core/state/read-journal.ts).
import { join } from 'node:path';
import type { JournalRecord } from '../../core/ports/run-store.js';
import { journalFix, journalFromStored, JOURNAL_FILE, type LoadedJournal } from '../../core/state/read-journal.js';
import { readBoundedText } from './bounded-read.js';

/** ~2 KB a record: tens of thousands of actions. Beyond this it is not one run's journal. */
export const JOURNAL_MAX_BYTES = 32 * 1024 * 1024;

export interface JournalContents {
  records: JournalRecord[];
  tornLastLine: boolean;
}

export async function loadJournal(stateDir: string): Promise<LoadedJournal> {
  const path = join(stateDir, JOURNAL_FILE);
  return journalFromStored(
    await readBoundedText(path, { maxBytes: JOURNAL_MAX_BYTES, what: 'an action journal', fix: journalFix(path) }),
  );
}

/** The records, or an Error saying what is wrong (for readers that only report, like the run report). */
export async function readJournal(stateDir: string): Promise<JournalContents> {
  const loaded = await loadJournal(stateDir);
  if (!loaded.ok) throw new Error(loaded.message);
  return { records: loaded.records, tornLastLine: loaded.tornLastLine };
}
