import { MemoryRunDisk, MemoryRunStore, AUDIT_FILE } from '../support/memory-run-store.js';
import { RESULT_FILE } from '../../src/core/state/read-checkpoint.js';
import { JOURNAL_FILE } from '../../src/core/state/read-journal.js';
import { describeRunStoreContract } from './run-store.contract.js';

describeRunStoreContract('in-memory store', async () => {
  const disk = new MemoryRunDisk();
  const subject = {
    store: new MemoryRunStore(disk),
    reopen: async () => new MemoryRunStore(disk),
    tearJournal: async (partial: string) => {
      await subject.store.close();
      disk.tear(JOURNAL_FILE, partial);
    },
    damageCheckpoint: async () => {
      disk.files.set(RESULT_FILE, disk.files.get(RESULT_FILE)!.replace('"step": 4', '"step": 5'));
    },
    auditLines: async () =>
      (disk.files.get(AUDIT_FILE) ?? '')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    filesBesideNotes: async () => [...disk.files.keys()].sort(),
    teardown: () => subject.store.close(),
  };
  return subject;
});
