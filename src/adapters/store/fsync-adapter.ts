// A lowdb adapter that writes the way the rest of the state directory does: temp file, fsync,
// rename, fsync of the directory (lowdb's own JSONFile renames but never fsyncs, so a power cut
// can leave an empty or old file), keeping the previous copy: the one helper in atomic-file.ts.
import { readFile } from 'node:fs/promises';
import type { Adapter } from 'lowdb';
import { writeFileAtomic } from './atomic-file.js';

export interface FsyncJsonAdapterOptions<T> {
  /** Turns the file's text into data, or throws saying what is wrong with it. */
  parse(text: string): T | Promise<T>;
  /** Where the previous copy goes before each write; none when omitted. */
  previousCopyPath?: string;
}

export class FsyncJsonAdapter<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly options: FsyncJsonAdapterOptions<T>,
  ) {}

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
    await writeFileAtomic(this.path, text, { previousCopy: this.options.previousCopyPath });
  }
}
