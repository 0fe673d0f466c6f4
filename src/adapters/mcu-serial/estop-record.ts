// The durable e-stop: `estop.json` in the state directory, written atomically (temp file, fsync,
// rename, fsync the directory) every time an e-stop is sent or seen, so a rebooted MCU, a
// restarted agent or a power cut cannot forget it. Only `benchhand estop release` clears it.
// A damaged or unreadable file counts as latched: when in doubt, nothing moves.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmergencyStopRecord } from '../../core/ports/mcu.js';
import { writeFileAtomic } from '../store/atomic-file.js';

export const ESTOP_FILE_NAME = 'estop.json';
const MAX_BYTES = 4096;

interface EstopFile {
  version: 1;
  latched: boolean;
  by: string;
  at: string;
}

/**
 * Where the bench keeps its e-stop: the service's state directory for the runs it starts (it
 * passes BENCHHAND_ESTOP_DIR, since each run has its own folder), otherwise the run's own.
 */
export function estopDirectory(stateDir: string): string {
  return process.env.BENCHHAND_ESTOP_DIR || stateDir;
}

export function releaseCommand(stateDir: string): string {
  return `benchhand estop release --state-dir ${stateDir}`;
}

export class FileEmergencyStopRecord implements EmergencyStopRecord {
  private current: { latched: boolean; by: string; at: string; damaged?: string } = { latched: false, by: '', at: '' };
  /** Writes one at a time: the ESTOP reply and the MCU's estop event arrive together. */
  private writing: Promise<void> = Promise.resolve();
  /** What the last write asked for, set before it lands: a second latch waits for the first instead of writing again. */
  private requested?: boolean;

  private constructor(private readonly stateDir: string) {}

  static async open(stateDir: string): Promise<FileEmergencyStopRecord> {
    const record = new FileEmergencyStopRecord(stateDir);
    await record.refresh();
    return record;
  }

  get path(): string {
    return join(this.stateDir, ESTOP_FILE_NAME);
  }

  latched(): boolean {
    return this.current.latched;
  }

  async refresh(): Promise<boolean> {
    await this.writing;
    this.current = await this.read();
    this.requested = undefined;
    return this.current.latched;
  }

  async latch(by: string): Promise<void> {
    const already = this.requested ?? (this.current.latched && !this.current.damaged);
    if (already) return this.writing; // on disk, or about to be
    await this.write({ version: 1, latched: true, by, at: new Date().toISOString() });
  }

  async release(by: string): Promise<void> {
    await this.write({ version: 1, latched: false, by, at: new Date().toISOString() });
  }

  describe(): string {
    const how = `release it at the bench with \`${releaseCommand(this.stateDir)}\``;
    if (this.current.damaged)
      return `e-stop record ${this.path} is damaged (${this.current.damaged}), so the bench counts as e-stopped; ${how}`;
    if (!this.current.latched) return 'no e-stop is latched';
    return `e-stop latched (by ${this.current.by} at ${this.current.at}); ${how}`;
  }

  private write(content: EstopFile): Promise<void> {
    this.requested = content.latched;
    const done = this.writing.then(async () => {
      await writeFileAtomic(this.path, `${JSON.stringify(content)}\n`);
      this.current = { latched: content.latched, by: content.by, at: content.at };
    });
    this.writing = done.catch(() => undefined);
    return done;
  }

  private async read(): Promise<FileEmergencyStopRecord['current']> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { latched: false, by: '', at: '' };
      return damaged(`cannot read it: ${(error as Error).message}`);
    }
    if (text.length > MAX_BYTES) return damaged(`it is larger than ${MAX_BYTES} bytes`);
    try {
      const parsed = JSON.parse(text) as Partial<EstopFile>;
      if (typeof parsed.latched !== 'boolean') return damaged('field latched must be true or false');
      return { latched: parsed.latched, by: String(parsed.by ?? 'unknown'), at: String(parsed.at ?? 'unknown') };
    } catch {
      return damaged('it is not JSON');
    }
  }
}

function damaged(why: string): FileEmergencyStopRecord['current'] {
  return { latched: true, by: 'unknown', at: 'unknown', damaged: why };
}

/** Not durable: for one-off tools (demo, calibrate, flash) and tests, never for a run. */
export class MemoryEmergencyStopRecord implements EmergencyStopRecord {
  private value = false;
  constructor(initiallyLatched = false) {
    this.value = initiallyLatched;
  }
  latched(): boolean {
    return this.value;
  }
  async refresh(): Promise<boolean> {
    return this.value;
  }
  async latch(): Promise<void> {
    this.value = true;
  }
  async release(): Promise<void> {
    this.value = false;
  }
  describe(): string {
    return this.value ? 'e-stop latched (in memory only); release it with CLEAR' : 'no e-stop is latched';
  }
}
