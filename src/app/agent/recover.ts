// `benchhand resume`'s recovery, wired: the state directory's record through the store's
// reading port, the audit log for the decision, the wall clock. The rules are the core's
// (core/recovery/recover-run.ts).
import { join } from 'node:path';
import { AppendLog } from '../../adapters/store/append-log.js';
import { AUDIT_FILE, runRecordReader } from '../../adapters/store/file-run-store.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import { DEFAULT_MAX_AGE_MS, recoverRun, type RecoveryResult } from '../../core/recovery/recover-run.js';

export { DEFAULT_MAX_AGE_MS };

export function recoverer(stateDir: string, goal: string, say: (line: string) => void, maxAgeMs = DEFAULT_MAX_AGE_MS) {
  return (look: () => Promise<ObserverPort>): Promise<RecoveryResult> =>
    recoverRun({
      reader: runRecordReader(stateDir),
      observe: async () => (await look()).observe(),
      goal,
      maxAgeMs,
      now: () => Date.now(),
      say,
      audit: async (record) => {
        const audit = new AppendLog(join(stateDir, AUDIT_FILE));
        try {
          await audit.append(record);
        } finally {
          await audit.close();
        }
      },
    });
}
