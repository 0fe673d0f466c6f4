// Reads the action journal back. Every record was fsync'd when written, so only the very last
// line can be torn (a crash mid-append); it is reported, never guessed at.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalRecord } from '../../core/ports/run-store.js';
import { JOURNAL_FILE } from './file-run-store.js';

export interface JournalContents { records: JournalRecord[]; tornLastLine: boolean }

export async function readJournal(stateDir: string): Promise<JournalContents> {
  let text: string;
  try {
    text = await readFile(join(stateDir, JOURNAL_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], tornLastLine: false };
    throw error;
  }
  const lines = text.split('\n');
  const records: JournalRecord[] = [];
  let tornLastLine = false;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    try {
      records.push(JSON.parse(line) as JournalRecord);
    } catch (error) {
      if (index >= lines.length - 2) tornLastLine = true;
      else throw new Error(`${JOURNAL_FILE} line ${index + 1} is damaged (${(error as Error).message}); only the last line can be torn by a crash, so the journal cannot be trusted`);
    }
  });
  return { records, tornLastLine };
}
