// Reads what has been appended to a JSON-lines file since the last call: whole lines only (a
// line still being written waits for the next call), parsed, bad lines handed to the caller.
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';

export class JsonLinesTail {
  private offset = 0;
  private partial = '';

  /** `fromEnd`: lines already in the file are not this reader's business. */
  constructor(
    private readonly path: string,
    options: { fromEnd?: boolean } = {},
  ) {
    if (options.fromEnd && existsSync(path)) this.offset = statSync(path).size;
  }

  /** New complete lines, each parsed (undefined for a line that is not JSON). */
  readNew(): { line: string; value: unknown }[] {
    if (!existsSync(this.path)) return [];
    const fd = openSync(this.path, 'r');
    try {
      const chunk = Buffer.alloc(64 * 1024);
      let count: number;
      while ((count = readSync(fd, chunk, 0, chunk.length, this.offset)) > 0) {
        this.offset += count;
        this.partial += chunk.subarray(0, count).toString('utf8');
      }
    } finally {
      closeSync(fd);
    }
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    return lines
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return { line, value: JSON.parse(line) as unknown };
        } catch {
          return { line, value: undefined };
        }
      });
  }
}
