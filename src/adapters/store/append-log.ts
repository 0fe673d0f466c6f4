// An append-only JSON-lines file whose every record is on the disk (fsync) before the promise
// resolves. Appends are serialised, so records never interleave.
import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fsyncDirectory } from './atomic-file.js';

export class AppendLog {
  private handle?: Promise<FileHandle>;
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly path: string) {}

  append(record: unknown): Promise<void> {
    const line = `${JSON.stringify(record)}\n`;
    const write = this.queue.then(async () => {
      const handle = await this.open();
      await handle.appendFile(line);
      await handle.sync();
    });
    this.queue = write.catch(() => undefined);
    return write;
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.handle) await (await this.handle).close();
    this.handle = undefined;
  }

  private open(): Promise<FileHandle> {
    // The first append creates the file; its directory entry must be durable too.
    this.handle ??= open(this.path, 'a').then(async (handle) => {
      await fsyncDirectory(dirname(this.path));
      return handle;
    });
    return this.handle;
  }
}
