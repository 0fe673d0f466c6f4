// The journal's text to records. Every record was fsync'd when written, so only the very last
// line can be torn (a crash mid-append: no newline after it yet); it is reported, never guessed
// at. Any other line that is not JSON, or not a record (`42`, `{"type":"intent"}`), makes the
// whole journal untrustworthy. Messages give the line number and the rule, never the line. Pure.
import type { JournalRecord } from '../ports/journal-record.js';
import { checkJournalRecord } from './journal-schema.js';
import type { FileProblem, StoredText } from './stored-text.js';

export const JOURNAL_FILE = 'journal.jsonl';

export type LoadedJournal =
  | { ok: true; exists: boolean; records: JournalRecord[]; tornLastLine: boolean }
  | { ok: false; problem: FileProblem | 'damaged'; message: string };

export const journalFix = (path: string): string =>
  `Nothing was sent to the device. Inspect ${path}, or start over with \`benchhand run --fresh\` (the old record is archived).`;

export function journalFromStored(stored: StoredText): LoadedJournal {
  if (stored.ok) return journalFromText(stored.text, stored.path);
  if (stored.problem === 'missing') return { ok: true, exists: false, records: [], tornLastLine: false };
  return { ok: false, problem: stored.problem, message: stored.message };
}

export function journalFromText(text: string, path: string): LoadedJournal {
  const lines = text.split('\n');
  // The part after the last newline is an append that did not finish, if it is not empty.
  const unfinished = lines.pop() ?? '';
  const records: JournalRecord[] = [];
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (!line.trim()) continue;
    const read = readLine(line);
    if (!read.ok) return damaged(path, index + 1, read.problem);
    records.push(read.record);
  }
  let tornLastLine = false;
  if (unfinished.trim()) {
    const read = readLine(unfinished);
    if (read.ok)
      records.push(read.record); // complete, only its newline missing
    else if (read.notJson) tornLastLine = true;
    else return damaged(path, lines.length + 1, read.problem);
  }
  return { ok: true, exists: true, records, tornLastLine };
}

function readLine(
  line: string,
): { ok: true; record: JournalRecord } | { ok: false; notJson: boolean; problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, notJson: true, problem: 'it is not JSON' };
  }
  const checked = checkJournalRecord(value);
  return checked.ok
    ? checked
    : { ok: false, notJson: false, problem: `it is not a journal record (${checked.problem})` };
}

function damaged(path: string, lineNumber: number, problem: string): LoadedJournal {
  return {
    ok: false,
    problem: 'damaged',
    message: `${path} line ${lineNumber} is damaged: ${problem}. Only the last line can be torn by a crash, so the journal cannot be trusted. ${journalFix(path)}`,
  };
}
