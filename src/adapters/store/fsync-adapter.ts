// A lowdb adapter that writes the way the rest of the state directory does: temp file, fsync,
// rename, fsync of the directory (lowdb's own JSONFile renames but never fsyncs, so a power cut
// can leave an empty or old file). Before each write the current file is hard-linked to a
// previous-copy path, so one bad write (or a bad hand edit) never costs the only copy.
import { link, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { writeFileAtomic } from './atomic-file.js';

export interface FsyncJsonAdapterOptions<T> {
  /** Turns the file's text into data, or throws saying what is wrong with it. */
  parse(text: string): T | Promise<T>;
  /** Where the previous copy goes before each write; none when omitted. */
  previousCopyPath?: string;
}

export class FsyncJsonAdapter<T> implements Adapter<T> {
  constructor(readonly path: string, private readonly options: FsyncJsonAdapterOptions<T>) {}

  /** The data, or null when the file does not exist yet (lowdb then uses its default). */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return this.options.parse(text);
  }

  async write(data: T): Promise<void> {
    // Serialise first: if that throws, nothing on disk has been touched.
    const text = `${JSON.stringify(data, null, 1)}\n`;
    if (this.options.previousCopyPath) await keepPreviousCopy(this.path, this.options.previousCopyPath);
    await writeFileAtomic(this.path, text);
  }
}

/** Hard-links the current file to `previous` (atomically replacing it); no-op when there is no file yet. */
async function keepPreviousCopy(path: string, previous: string): Promise<void> {
  const staging = join(dirname(previous), `.${basename(previous)}.tmp`);
  await unlink(staging).catch(() => undefined);
  try {
    await link(path, staging);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  // The directory fsync that follows in writeFileAtomic makes this rename durable too.
  await rename(staging, previous);
}
