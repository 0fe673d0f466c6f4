// The findings database: findings.json in a state directory, kept by lowdb through an adapter
// that writes atomically with fsync and keeps findings.prev.json. Saving follows the rules in
// core/findings (people's decisions win); a damaged file is refused, never replaced by an empty one.
//
// Concurrency: one writer per state directory (one agent run, or one person at the CLI). Within a
// process, changes are queued. Every change re-reads the file first, so an acknowledgement typed
// at the CLI while an agent runs is not overwritten by the agent's next save; only two writes in
// the same few milliseconds can race, and then the last one wins (nothing is ever half-written).
import { mkdir } from 'node:fs/promises';
import { Low } from 'lowdb';
import { findingId } from '../../core/findings/finding-identity.js';
import { emptyFindingsFile, type FindingRecord, type FindingsFile } from '../../core/findings/finding-record.js';
import { applyObservation, type ObservedFinding, type SaveResult } from '../../core/findings/save-rules.js';
import { changeStatus, type StatusChangeRequest, type StatusChangeResult } from '../../core/findings/status-rules.js';
import { findingsPath, parseFindingsText, previousFindingsPath } from './findings-file.js';
import { FsyncJsonAdapter } from './fsync-adapter.js';

export const AGENT_AUTHOR = 'benchhand agent';

export interface FindingsStoreOptions {
  /** ISO 8601 wall-clock time; injectable for tests. */
  now?: () => string;
}

export class FindingsStore {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    readonly directory: string,
    private readonly db: Low<FindingsFile>,
    private readonly now: () => string,
  ) {}

  get path(): string {
    return findingsPath(this.directory);
  }

  /** Opens (without creating) the database in `directory`; throws FindingsFileError for a damaged file. */
  static async open(directory: string, options: FindingsStoreOptions = {}): Promise<FindingsStore> {
    const path = findingsPath(directory);
    const previous = previousFindingsPath(directory);
    const adapter = new FsyncJsonAdapter<FindingsFile>(path, {
      parse: (text) => parseFindingsText(text, path, previous),
      previousCopyPath: previous,
    });
    const store = new FindingsStore(
      directory,
      new Low(adapter, emptyFindingsFile()),
      options.now ?? (() => new Date().toISOString()),
    );
    await store.reload(); // refuse a damaged file now, before a run touches the device
    return store;
  }

  list(): Promise<FindingRecord[]> {
    return this.exclusive(async () => {
      await this.reload();
      return [...this.db.data.findings];
    });
  }

  /** Saves what was found, respecting the status people gave it; on disk before this resolves. */
  save(observed: ObservedFinding, context: { runId?: string; by?: string } = {}): Promise<SaveResult> {
    return this.exclusive(async () => {
      const id = await findingId(observed);
      await this.reload();
      const existing = this.db.data.findings.find((finding) => finding.id === id);
      const result = applyObservation(existing, id, observed, {
        at: this.now(),
        runId: context.runId,
        by: context.by ?? AGENT_AUTHOR,
      });
      if (result.reason === 'created' || result.reason === 'updated') await this.put(result.record);
      return result;
    });
  }

  /** Changes the status of the finding with this full id (see matchIdPrefix for typed prefixes). */
  setStatus(id: string, request: Omit<StatusChangeRequest, 'at'>): Promise<StatusChangeResult> {
    return this.exclusive(async () => {
      await this.reload();
      const existing = this.db.data.findings.find((finding) => finding.id === id);
      if (!existing) throw new Error(`no finding has id ${id} in ${this.path}`);
      const result = changeStatus(existing, { ...request, at: this.now() });
      if (result.ok && result.changed) await this.put(result.record);
      return result;
    });
  }

  private async reload(): Promise<void> {
    // lowdb keeps its old data when the file is missing; start from empty so a deleted file reads as empty.
    this.db.data = emptyFindingsFile();
    await this.db.read();
  }

  private async put(record: FindingRecord): Promise<void> {
    const before = this.db.data;
    const index = before.findings.findIndex((finding) => finding.id === record.id);
    const findings =
      index < 0 ? [...before.findings, record] : before.findings.map((finding, i) => (i === index ? record : finding));
    this.db.data = { ...before, findings };
    try {
      await mkdir(this.directory, { recursive: true });
      await this.db.write();
    } catch (error) {
      this.db.data = before; // memory matches the disk, which still holds the old file
      throw error;
    }
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
