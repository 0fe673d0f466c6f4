// Command ids are the MCU's idempotency keys, so they must never repeat, not even across host
// restarts: a reused id could be answered "already done" for an action that never happened.
// Ids are reserved in blocks on disk (atomic write + fsync) so a restart skips the rest of the
// block instead of writing the file on every command.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../store/atomic-file.js';

export interface CommandIdSource {
  /** Returns an id never handed out before, greater than `atLeast`. */
  next(atLeast?: number): Promise<number>;
}

export const COMMAND_IDS_FILE = 'mcu-command-ids.json';
const FILE_NAME = COMMAND_IDS_FILE;
const MAX_ID = 0xffffffff;

export class FileCommandIds implements CommandIdSource {
  private nextId = 0;
  private reservedThrough = 0;
  private loaded = false;

  constructor(
    private readonly stateDir: string,
    private readonly blockSize = 1000,
  ) {}

  get path(): string {
    return join(this.stateDir, FILE_NAME);
  }

  async next(atLeast = 0): Promise<number> {
    if (!this.loaded) await this.load();
    this.nextId = Math.max(this.nextId, atLeast + 1);
    if (this.nextId > this.reservedThrough) await this.reserve(this.nextId + this.blockSize - 1);
    return this.nextId++;
  }

  private async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      text = '{"version":1,"reservedThrough":0}';
    }
    const reserved = reservedThroughFrom(text, this.path);
    if (typeof reserved === 'string') throw new Error(reserved);
    this.nextId = reserved + 1;
    this.reservedThrough = reserved;
    this.loaded = true;
  }

  private async reserve(through: number): Promise<void> {
    if (through > MAX_ID) throw new Error(`command ids exhausted (${MAX_ID}); reset the MCU and delete ${this.path}`);
    await writeFileAtomic(this.path, `${JSON.stringify({ version: 1, reservedThrough: through })}\n`);
    this.reservedThrough = through;
  }
}

/** The file's reservedThrough, or what is wrong with it in a sentence (file, rule, fix; never its content). */
export function reservedThroughFrom(text: string, path: string): number | string {
  let reserved: unknown;
  try {
    reserved = (JSON.parse(text) as { reservedThrough?: unknown } | null)?.reservedThrough;
  } catch {
    reserved = undefined;
  }
  if (typeof reserved !== 'number' || !Number.isInteger(reserved) || reserved < 0 || reserved > MAX_ID) {
    return (
      `${path}: field reservedThrough must be a whole number from 0 to ${MAX_ID}. ` +
      'The file is damaged; restore it from a backup, or delete it (benchhand then starts above the id the MCU reports as its last).'
    );
  }
  return reserved;
}

/** In-memory ids for tests and one-off tools that talk to a freshly booted MCU. */
export class MemoryCommandIds implements CommandIdSource {
  private last = 0;
  async next(atLeast = 0): Promise<number> {
    this.last = Math.max(this.last, atLeast) + 1;
    return this.last;
  }
}
