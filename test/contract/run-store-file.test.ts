// The file store on real files in a temp state directory: every write fsync'd, read back by a
// new store as the agent reads it after a restart.
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { AUDIT_FILE, FileRunStore, JOURNAL_FILE } from '../../src/adapters/store/file-run-store.js';
import { RESULT_FILE } from '../../src/core/state/read-checkpoint.js';
import { describeRunStoreContract } from './run-store.contract.js';

/** Every file under dir except notes/*, as paths relative to root (root included, to catch escapes next to it). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((path) => !path.includes('/notes/'))
    .sort();
}

describeRunStoreContract("file store on real fsync'd files", async () => {
  // The state directory sits one level down, so a note escaping it (../x) would show in root.
  const root = await mkdtemp(join(tmpdir(), 'benchhand-store-contract-'));
  const stateDir = join(root, 'state');
  const opened: FileRunStore[] = [];
  const open = async () => {
    const store = await FileRunStore.open(stateDir);
    opened.push(store);
    return store;
  };
  const subject = {
    store: await open(),
    reopen: open,
    tearJournal: async (partial: string) => {
      await subject.store.close();
      await appendFile(join(stateDir, JOURNAL_FILE), partial);
    },
    damageCheckpoint: async () => {
      const path = join(stateDir, RESULT_FILE);
      await writeFile(path, (await readFile(path, 'utf8')).replace('"step": 4', '"step": 5'));
    },
    auditLines: async () =>
      (await readFile(join(stateDir, AUDIT_FILE), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown),
    filesBesideNotes: () => filesUnder(root),
    async teardown() {
      for (const store of opened) await store.close();
      await rm(root, { recursive: true, force: true });
    },
  };
  return subject;
});
