// Migrations of the result file from each older schema version to the next, in code (version 1
// is the first). A migration takes the parsed JSON of version N and
// returns that of version N+1. Pure.
import { CHECKPOINT_SCHEMA_VERSION } from './checkpoint.js';

export type Migration = (old: Record<string, unknown>) => Record<string, unknown>;

export const CHECKPOINT_MIGRATIONS: Readonly<Record<number, Migration>> = {
  // 1 -> 2: state.lastCommandId, from what version 1 knew (completed steps and the one in flight).
  1: (old) => {
    const state = (old.state ?? {}) as {
      completed?: { commandId?: unknown }[];
      current?: { commandId?: unknown } | null;
    };
    const ids = [...(state.completed ?? []).map((c) => c?.commandId), state.current?.commandId].filter(
      (id): id is number => typeof id === 'number',
    );
    return {
      ...old,
      schemaVersion: 2,
      state: { ...state, lastCommandId: ids.length ? ids.reduce((a, b) => Math.max(a, b)) : null },
    };
  },
};

/** Whether a file of this version can be read (now or after migrating). */
export function readableVersion(version: unknown): version is number {
  if (typeof version !== 'number' || !Number.isInteger(version) || version > CHECKPOINT_SCHEMA_VERSION) return false;
  for (let v = version; v < CHECKPOINT_SCHEMA_VERSION; v++) if (!CHECKPOINT_MIGRATIONS[v]) return false;
  return true;
}

export function migrateCheckpoint(raw: Record<string, unknown>, from: number): Record<string, unknown> {
  let migrated = raw;
  for (let v = from; v < CHECKPOINT_SCHEMA_VERSION; v++) migrated = CHECKPOINT_MIGRATIONS[v]!(migrated);
  return migrated;
}
