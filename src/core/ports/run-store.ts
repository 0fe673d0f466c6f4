// Durable state of a run on flash: the result file, the action journal, the audit log and the
// scratchpad. Every write here has reached the disk (fsync) when the promise resolves.
import type { Checkpoint } from '../state/checkpoint.js';
import type { LoadedJournal } from '../state/read-journal.js';
import type { LoadedResult } from '../state/read-checkpoint.js';

export type { ExpectationPlace, JournalExpectation, JournalRecord, PhysicalAction } from './journal-record.js';
import type { JournalRecord, PhysicalAction } from './journal-record.js';

export interface AuditRecord {
  at: string;
  runId: string;
  step: number;
  tool: string;
  args: unknown;
  status: string;
  message: string;
  durationMs: number;
  commandId?: number;
  /** A claim's citations as checked on a fresh frame (submit_result, a final answer). */
  evidence?: { text: string; where?: string; held: boolean; detail: string }[];
}

/** Reading the record back (recovery, the LLM's fresh session): bounded, checked reads. */
export interface RunRecordReader {
  readonly stateDir: string;
  /** result.json, checked (checksum, schema, migrations); never throws for a bad file. */
  loadCheckpoint(): Promise<LoadedResult>;
  /** journal.jsonl, every line checked; never throws for a bad file. */
  loadJournal(): Promise<LoadedJournal>;
}

export interface RunStore extends RunRecordReader {
  appendJournal(record: JournalRecord): Promise<void>;
  appendAudit(record: AuditRecord): Promise<void>;
  saveCheckpoint(checkpoint: Checkpoint): Promise<void>;
  writeNote(name: string, text: string): Promise<void>;
  readNote(name: string): Promise<string | undefined>;
  listNotes(): Promise<string[]>;
}
