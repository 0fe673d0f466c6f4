// The RunStore port in memory, for tests that want a store without a disk: the same texts the
// file store would write (result.json with its checksum, journal.jsonl lines) are kept in a
// MemoryRunDisk and read back through the core's own checks (checkpointFromStored,
// journalFromStored), so a torn line or a damaged checkpoint reads back as it would from flash.
// It passes the same contract as FileRunStore (test/contract/run-store.contract.ts).
import type { AuditRecord, JournalRecord, RunStore } from '../../src/core/ports/run-store.js';
import type { Checkpoint } from '../../src/core/state/checkpoint.js';
import { checkpointChecksum } from '../../src/core/state/checkpoint-checksum.js';
import { noteNameProblem } from '../../src/core/state/note-name.js';
import {
  checkpointFromStored,
  RESULT_FILE,
  PREVIOUS_RESULT_FILE,
  type LoadedResult,
} from '../../src/core/state/read-checkpoint.js';
import { JOURNAL_FILE, journalFromStored, type LoadedJournal } from '../../src/core/state/read-journal.js';
import type { StoredText } from '../../src/core/state/stored-text.js';

export const AUDIT_FILE = 'audit.jsonl';

/** The "flash": file name -> text. Shared by every store opened on it, like a state directory. */
export class MemoryRunDisk {
  readonly files = new Map<string, string>();
  readonly notes = new Map<string, string>();

  /** A crash in the middle of an append: these bytes reached the file, its newline did not. */
  tear(file: string, partial: string): void {
    this.files.set(file, (this.files.get(file) ?? '') + partial);
  }

  stored(file: string, stateDir: string): StoredText {
    const path = `${stateDir}/${file}`;
    const text = this.files.get(file);
    return text === undefined
      ? { ok: false, path, problem: 'missing', message: `${path} does not exist` }
      : { ok: true, path, text };
  }
}

export class MemoryRunStore implements RunStore {
  readonly stateDir: string;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly disk = new MemoryRunDisk(),
    name = 'run',
  ) {
    this.stateDir = `memory:${name}`;
  }

  loadCheckpoint(): Promise<LoadedResult> {
    return Promise.resolve(checkpointFromStored(this.disk.stored(RESULT_FILE, this.stateDir), this.stateDir));
  }

  loadJournal(): Promise<LoadedJournal> {
    return Promise.resolve(journalFromStored(this.disk.stored(JOURNAL_FILE, this.stateDir)));
  }

  appendJournal(record: JournalRecord): Promise<void> {
    return this.append(JOURNAL_FILE, record);
  }

  appendAudit(record: AuditRecord): Promise<void> {
    return this.append(AUDIT_FILE, record);
  }

  async saveCheckpoint(checkpoint: Checkpoint): Promise<void> {
    const previous = this.disk.files.get(RESULT_FILE);
    if (previous !== undefined) this.disk.files.set(PREVIOUS_RESULT_FILE, previous);
    this.disk.files.set(
      RESULT_FILE,
      `${JSON.stringify({ ...checkpoint, checksum: checkpointChecksum(checkpoint) }, null, 1)}\n`,
    );
  }

  async writeNote(name: string, text: string): Promise<void> {
    this.checkName(name);
    this.disk.notes.set(name, text);
  }

  async readNote(name: string): Promise<string | undefined> {
    this.checkName(name);
    return this.disk.notes.get(name);
  }

  async listNotes(): Promise<string[]> {
    return [...this.disk.notes.keys()].sort();
  }

  async close(): Promise<void> {
    await this.queue;
  }

  /** Serialised like the file store's AppendLog, so concurrent appends land whole and in call order. */
  private append(file: string, record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    const write = this.queue.then(async () => {
      await Promise.resolve(); // an append takes a turn, as a write to a file does
      this.disk.files.set(file, (this.disk.files.get(file) ?? '') + line);
    });
    this.queue = write.catch(() => undefined);
    return write;
  }

  private checkName(name: string): void {
    const problem = noteNameProblem(name);
    if (problem) throw new Error(problem);
  }
}
