// Crash-safe file replacement, the one way the state directory is written: write a temp file,
// fsync it, (optionally) hard-link the current file to its previous-copy name, rename the temp
// file over the target, fsync the directory. A reader sees the old content or the new, never
// half of either, and one bad write (or a bad hand edit) never costs the only good copy.
import { link, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface AtomicWriteOptions {
  /** Where the file's current content goes before it is replaced (e.g. result.prev.json). */
  previousCopy?: string;
}

export async function fsyncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const handle = await open(temp, 'w', 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  if (options.previousCopy) await keepPreviousCopy(path, options.previousCopy);
  await rename(temp, path);
  // One directory fsync makes both renames (previous copy, new file) durable.
  await fsyncDirectory(dirname(path));
}

/** Hard-links the current file to `previous` (atomically replacing it); no-op when there is no file yet. */
async function keepPreviousCopy(path: string, previous: string): Promise<void> {
  const staging = join(dirname(previous), `.${basename(previous)}.${process.pid}.tmp`);
  await unlink(staging).catch(() => undefined);
  try {
    await link(path, staging);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // the first write
    throw error;
  }
  await rename(staging, previous);
}
