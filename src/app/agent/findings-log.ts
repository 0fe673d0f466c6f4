// The agent's side of the findings database: what record_finding saves, with the device and the
// run filled in, and the reply the model reads (the reason first, so it knows whether a person
// had already dismissed or resolved the problem).
import { basename, dirname, resolve } from 'node:path';
import { FindingsStore } from '../../adapters/store/findings-store.js';
import type { FindingInput } from '../../core/agent/tools/tool.js';
import type { SaveResult } from '../../core/findings/save-rules.js';

/** The folder `benchhand run` puts each run in when no --state-dir is given (<state dir>/runs/<time>). */
const RUNS_FOLDER = 'runs';

/**
 * Where a run keeps its findings. They outlive the run (the same problem found next week updates
 * one record), so a run directory inside <state dir>/runs/ uses <state dir>/findings.json, the file
 * `benchhand findings` reads by default; a run given --state-dir DIR uses DIR/findings.json.
 */
export function findingsDirectoryFor(runStateDir: string): string {
  const runDir = resolve(runStateDir);
  return basename(dirname(runDir)) === RUNS_FOLDER ? dirname(dirname(runDir)) : runDir;
}

/**
 * The device part of a finding's identity: the device the task names (stable from run to run),
 * else the connection's description (which, for a --bench URL, includes its port).
 */
export function deviceForFindings(taskDevice: string | undefined, connectionDescription: string): string {
  return taskDevice ?? connectionDescription;
}

export interface FindingsLogOptions {
  device: string;
  /** The current run's id, looked up at save time (the loop creates it after the log is opened). */
  runId?: () => Promise<string | undefined>;
}

export class FindingsLog {
  private constructor(private readonly store: FindingsStore, private readonly options: FindingsLogOptions) {}

  /** Throws (FindingsFileError) for a damaged findings.json, before the run starts. */
  static async open(directory: string, options: FindingsLogOptions): Promise<FindingsLog> {
    return new FindingsLog(await FindingsStore.open(directory), options);
  }

  async record(finding: FindingInput): Promise<string> {
    const runId = await this.options.runId?.();
    return describeSave(await this.store.save({ ...finding, device: this.options.device }, { runId }));
  }

  /** Every save is on disk when it resolves, so there is nothing to flush; kept for the composition root. */
  async close(): Promise<void> {}
}

export function describeSave({ record, reason }: SaveResult): string {
  switch (reason) {
    case 'created':
      return `created, id ${record.id}`;
    case 'updated':
      return `updated, id ${record.id}, seen ${record.occurrences} times, status ${record.status}`;
    case 'skipped_dismissed':
      return `skipped_dismissed: not saved, a person dismissed finding ${record.id}${lastNote(record)}; do not record it again`;
    case 'skipped_resolved':
      return `skipped_resolved: not saved, a person marked finding ${record.id} resolved${lastNote(record)}; if it is back, say so in your answer`;
  }
}

function lastNote(record: SaveResult['record']): string {
  const note = record.history.at(-1)?.note;
  return note ? ` ("${note}")` : '';
}
