// The agent's side of the findings database: what record_finding saves, with the device and the
// run filled in, and the reply the model reads (the reason first, so it knows whether a person
// had already dismissed or resolved the problem).
import { basename, dirname, resolve } from 'node:path';
import { FindingsStore } from '../../adapters/store/findings-store.js';
import { matchIdPrefix } from '../../core/findings/id-prefix.js';
import type { FindingRecord, FindingStatus } from '../../core/findings/finding-record.js';
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
  /** Sees every save (MQTT publishes it to operators). */
  onSaved?: (result: SaveResult) => void;
}

export class FindingsLog {
  private constructor(
    private readonly store: FindingsStore,
    private readonly options: FindingsLogOptions,
  ) {}

  /** Throws (FindingsFileError) for a damaged findings.json, before the run starts. */
  static async open(directory: string, options: FindingsLogOptions): Promise<FindingsLog> {
    return new FindingsLog(await FindingsStore.open(directory), options);
  }

  async record(finding: FindingInput): Promise<string> {
    const runId = await this.options.runId?.();
    const saved = await this.store.save({ ...finding, device: this.options.device }, { runId });
    this.options.onSaved?.(saved);
    return describeSave(saved);
  }

  /** A person's status change (from an operator over MQTT), by id or unique prefix. */
  async changeStatus(change: {
    findingId: string;
    status: FindingStatus;
    note?: string;
    by: string;
  }): Promise<
    | { ok: true; result: string; record: FindingRecord }
    | { ok: false; code: 'not_found' | 'invalid'; field: string; message: string }
  > {
    const match = matchIdPrefix(
      (await this.store.list()).map((r) => r.id),
      change.findingId,
    );
    if (match.kind !== 'found') {
      const why =
        match.kind === 'ambiguous'
          ? `matches ${match.matches.length} findings (${match.matches.join(', ')}): give more characters`
          : match.kind === 'unknown'
            ? 'matches no finding'
            : match.kind === 'too_short'
              ? 'is too short: give at least 6 characters'
              : 'is not a hex id';
      return {
        ok: false,
        code: match.kind === 'unknown' ? 'not_found' : 'invalid',
        field: 'findingId',
        message: `"${change.findingId}" ${why}`,
      };
    }
    const result = await this.store.setStatus(match.id, {
      status: change.status,
      by: change.by,
      ...(change.note ? { note: change.note } : {}),
    });
    if (!result.ok)
      return { ok: false, code: 'invalid', field: 'note', message: 'dismissing a finding needs a note saying why' };
    return {
      ok: true,
      result: result.changed
        ? `finding ${match.id} is now ${change.status}`
        : `finding ${match.id} was already ${change.status}`,
      record: result.record,
    };
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
