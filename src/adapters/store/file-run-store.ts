// The run's durable state in the state directory: result.json (atomic, previous copy kept),
// journal.jsonl (action intents and outcomes), audit.jsonl (every tool call) and notes/.
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditRecord, JournalRecord, RunRecordReader, RunStore } from '../../core/ports/run-store.js';
import type { Checkpoint } from '../../core/state/checkpoint.js';
import { noteNameProblem } from '../../core/state/note-name.js';
import type { LoadedResult } from '../../core/state/read-checkpoint.js';
import { JOURNAL_FILE, type LoadedJournal } from '../../core/state/read-journal.js';
import { AppendLog } from './append-log.js';
import { writeFileAtomic } from './atomic-file.js';
import { confinedPath } from './confined-path.js';
import { loadJournal } from './journal-reader.js';
import { writeResultFile } from './result-file.js';
import { readResultFile } from './result-file-reader.js';

export { JOURNAL_FILE };
export const AUDIT_FILE = 'audit.jsonl';
const NOTES_DIR = 'notes';

export class FileRunStore implements RunStore {
  private readonly journal: AppendLog;
  private readonly audit: AppendLog;
  /** Bytes written to result.json so far (the flash-wear figure the benchmark reports). */
  resultBytesWritten = 0;

  private constructor(readonly stateDir: string) {
    this.journal = new AppendLog(join(stateDir, JOURNAL_FILE));
    this.audit = new AppendLog(join(stateDir, AUDIT_FILE));
  }

  static async open(stateDir: string): Promise<FileRunStore> {
    await mkdir(join(stateDir, NOTES_DIR), { recursive: true });
    return new FileRunStore(stateDir);
  }

  loadCheckpoint(): Promise<LoadedResult> {
    return readResultFile(this.stateDir);
  }

  loadJournal(): Promise<LoadedJournal> {
    return loadJournal(this.stateDir);
  }

  appendJournal(record: JournalRecord): Promise<void> {
    return this.journal.append(record);
  }

  appendAudit(record: AuditRecord): Promise<void> {
    return this.audit.append(record);
  }

  async saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
    this.resultBytesWritten += await writeResultFile(this.stateDir, checkpoint);
  }

  async writeNote(name: string, text: string): Promise<void> {
    await writeFileAtomic(await this.notePath(name), text);
  }

  async readNote(name: string): Promise<string | undefined> {
    const path = await this.notePath(name);
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async listNotes(): Promise<string[]> {
    const dir = await confinedPath(this.stateDir, NOTES_DIR);
    return (await readdir(dir))
      .filter((f) => f.endsWith('.txt'))
      .map((f) => f.slice(0, -4))
      .sort();
  }

  /** One file in notes/: the name is checked first (confinedPath alone would let "../x" write beside result.json). */
  private notePath(name: string): Promise<string> {
    const problem = noteNameProblem(name);
    if (problem) return Promise.reject(new Error(problem));
    return confinedPath(this.stateDir, NOTES_DIR, `${name}.txt`);
  }

  async close(): Promise<void> {
    await Promise.all([this.journal.close(), this.audit.close()]);
  }
}

/** Reads a state directory's record without creating anything in it (recovery, before it decides). */
export function runRecordReader(stateDir: string): RunRecordReader {
  return { stateDir, loadCheckpoint: () => readResultFile(stateDir), loadJournal: () => loadJournal(stateDir) };
}
