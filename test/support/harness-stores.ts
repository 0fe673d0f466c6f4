// The run stores the agent harnesses of the running test opened. Kept apart from the harness so the
// harness registers no test hook when imported (benchmarks import it outside vitest); the vitest
// setup file test/support/close-harness-stores.ts closes them after each test, so no file handle is
// left to the garbage collector.
import type { FileRunStore } from '../../src/adapters/store/file-run-store.js';

const openStores = new Set<FileRunStore>();

export function rememberHarnessStore(store: FileRunStore): void {
  openStores.add(store);
}

/** Closes every store opened since the last call; a benchmark calls it when it is done with its harnesses. */
export async function closeHarnessStores(): Promise<void> {
  const stores = [...openStores];
  openStores.clear();
  await Promise.all(stores.map((store) => store.close()));
}
