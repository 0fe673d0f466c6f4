// A sysfs GPIO tree in a temp dir, and a Gpio class shaped like onoff's that works on it the way
// the kernel and onoff do: writing `export` creates gpioN/ with direction, value, edge and
// active_low; outputs refuse edges, inputs refuse writes; a watcher fires only on the edges the
// `edge` file enables. Tests then check the files, so the values the adapter wrote are on disk.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  BinaryValue,
  GpioConstructor,
  GpioDirection,
  GpioEdge,
  GpioLine,
  GpioLineOptions,
} from '../../../src/adapters/gpio/gpio-line.js';

type Watcher = (error: Error | null | undefined, value: BinaryValue) => void;
type GpioFile = 'direction' | 'value' | 'edge' | 'active_low';

export class FakeSysfsTree {
  readonly root: string;
  /** Every write to a value file, with Date.now() (fake timers make these exact). */
  readonly valueWrites = new Map<number, { at: number; value: BinaryValue }[]>();
  readonly Gpio: GpioConstructor;
  private readonly watchers = new Map<number, Set<Watcher>>();
  private readonly busy = new Set<number>();
  private readonly pulls = new Map<number, BinaryValue>();

  constructor() {
    this.root = mkdtempSync(join(tmpdir(), 'benchhand-gpio-'));
    this.Gpio = makeGpioClass(this);
  }

  /** A gpiochip directory as the kernel lists it. */
  addChip(label: string, base: number, ngpio = 54): this {
    const chip = join(this.root, `gpiochip${base}`);
    mkdirSync(chip, { recursive: true });
    writeFileSync(join(chip, 'label'), `${label}\n`);
    writeFileSync(join(chip, 'base'), `${base}\n`);
    writeFileSync(join(chip, 'ngpio'), `${ngpio}\n`);
    return this;
  }

  /** The export/unexport files exist only where sysfs GPIO does. */
  addExportFiles(): this {
    writeFileSync(join(this.root, 'export'), '');
    writeFileSync(join(this.root, 'unexport'), '');
    return this;
  }

  /** Makes exporting this sysfs number fail with EBUSY, as when a driver or overlay owns the pin. */
  claimByAnotherDriver(sysfsNumber: number): void {
    this.busy.add(sysfsNumber);
  }

  /** The level an input reads once exported, before anyone touches it: 1 for a pulled-up button. */
  pull(sysfsNumber: number, level: BinaryValue): void {
    this.pulls.set(sysfsNumber, level);
  }

  isExported(sysfsNumber: number): boolean {
    return existsSync(this.pinDirectory(sysfsNumber));
  }

  read(sysfsNumber: number, file: GpioFile): string {
    return readFileSync(join(this.pinDirectory(sysfsNumber), file), 'utf8').trim();
  }

  /** What was written to the export (or unexport) file, one number per write. */
  exportLog(file: 'export' | 'unexport' = 'export'): number[] {
    return readFileSync(join(this.root, file), 'utf8').split('\n').filter(Boolean).map(Number);
  }

  /** The outside world changes an input's level: the value file changes and, if the edge file
   * asks for this edge, the watchers are interrupted. onoff passes them the value it reads while
   * servicing the interrupt, which on a bouncing contact may already be the other level: `reading`. */
  driveInput(sysfsNumber: number, level: BinaryValue, reading: BinaryValue = level): void {
    const before = Number(this.read(sysfsNumber, 'value')) as BinaryValue;
    writeFileSync(join(this.pinDirectory(sysfsNumber), 'value'), String(level));
    if (before === level) return;
    const edge = this.read(sysfsNumber, 'edge') as GpioEdge;
    const enabled = edge === 'both' || (edge === 'rising' && level === 1) || (edge === 'falling' && level === 0);
    if (!enabled) return;
    for (const watcher of [...(this.watchers.get(sysfsNumber) ?? [])]) watcher(null, reading);
  }

  remove(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  pinDirectory(sysfsNumber: number): string {
    return join(this.root, `gpio${sysfsNumber}`);
  }

  /** @internal used by the Gpio class */
  exportPin(sysfsNumber: number): void {
    const exportFile = join(this.root, 'export');
    if (!existsSync(exportFile))
      throw Object.assign(new Error(`ENOENT: no such file or directory, open '${exportFile}'`), { code: 'ENOENT' });
    if (this.busy.has(sysfsNumber))
      throw Object.assign(new Error('EBUSY: resource busy or locked, write'), { code: 'EBUSY' });
    appendFileSync(exportFile, `${sysfsNumber}\n`);
    const directory = this.pinDirectory(sysfsNumber);
    mkdirSync(directory);
    writeFileSync(join(directory, 'direction'), 'in\n');
    writeFileSync(join(directory, 'value'), `${this.pulls.get(sysfsNumber) ?? 0}\n`);
    writeFileSync(join(directory, 'edge'), 'none\n');
    writeFileSync(join(directory, 'active_low'), '0\n');
  }

  /** @internal */
  unexportPin(sysfsNumber: number): void {
    appendFileSync(join(this.root, 'unexport'), `${sysfsNumber}\n`);
    rmSync(this.pinDirectory(sysfsNumber), { recursive: true, force: true });
    this.watchers.delete(sysfsNumber);
  }

  /** @internal */
  recordWrite(sysfsNumber: number, value: BinaryValue): void {
    const writes = this.valueWrites.get(sysfsNumber) ?? [];
    writes.push({ at: Date.now(), value });
    this.valueWrites.set(sysfsNumber, writes);
  }

  /** @internal */
  watchersOf(sysfsNumber: number): Set<Watcher> {
    let set = this.watchers.get(sysfsNumber);
    if (!set) this.watchers.set(sysfsNumber, (set = new Set()));
    return set;
  }
}

function makeGpioClass(tree: FakeSysfsTree): GpioConstructor {
  return class FakeGpio implements GpioLine {
    private readonly directory: string;
    private unexported = false;

    static get accessible(): boolean {
      return existsSync(join(tree.root, 'export'));
    }

    constructor(
      private readonly sysfsNumber: number,
      direction: GpioDirection,
      edge?: GpioEdge,
      options: GpioLineOptions = {},
    ) {
      this.directory = tree.pinDirectory(sysfsNumber);
      if (!existsSync(this.directory)) tree.exportPin(sysfsNumber);
      if (typeof options.activeLow === 'boolean') this.writeFile('active_low', options.activeLow ? '1' : '0');
      // As the kernel: 'high'/'low' mean output at that level, set in the same write.
      this.writeFile('direction', direction === 'high' || direction === 'low' ? 'out' : direction);
      if (direction === 'high' || direction === 'low') this.writeValue(direction === 'high' ? 1 : 0);
      if (edge && direction === 'in') this.writeFile('edge', edge);
      else if (edge && edge !== 'none') throw new Error('EIO: i/o error, write (edge on an output)');
    }

    readSync(): BinaryValue {
      this.assertExported();
      return readFileSync(join(this.directory, 'value'), 'utf8').trim() === '1' ? 1 : 0;
    }

    writeSync(value: BinaryValue): void {
      this.assertExported();
      if (readFileSync(join(this.directory, 'direction'), 'utf8').trim() !== 'out')
        throw new Error('EPERM: operation not permitted, write (value of an input)');
      this.writeValue(value);
    }

    watch(callback: Watcher): void {
      this.assertExported();
      tree.watchersOf(this.sysfsNumber).add(callback);
    }

    unwatchAll(): void {
      tree.watchersOf(this.sysfsNumber).clear();
    }

    unexport(): void {
      this.assertExported();
      this.unexported = true;
      tree.unexportPin(this.sysfsNumber);
    }

    private writeValue(value: BinaryValue): void {
      this.writeFile('value', String(value));
      tree.recordWrite(this.sysfsNumber, value);
    }

    private writeFile(file: GpioFile, content: string): void {
      writeFileSync(join(this.directory, file), `${content}\n`);
    }

    private assertExported(): void {
      if (this.unexported || !existsSync(this.directory)) throw new Error(`gpio${this.sysfsNumber} is not exported`);
    }
  };
}
