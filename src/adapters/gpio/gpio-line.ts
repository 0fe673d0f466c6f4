// The part of onoff's Gpio class this adapter uses. Written out so tests can inject a class that
// works on a fake sysfs tree: onoff hardcodes /sys/class/gpio and cannot be pointed elsewhere.
export type BinaryValue = 0 | 1;
export type GpioDirection = 'in' | 'out' | 'high' | 'low';
export type GpioEdge = 'none' | 'rising' | 'falling' | 'both';

export interface GpioLineOptions {
  debounceTimeout?: number;
  activeLow?: boolean;
  reconfigureDirection?: boolean;
}

export interface GpioLine {
  readSync(): BinaryValue;
  writeSync(value: BinaryValue): void;
  watch(callback: (error: Error | null | undefined, value: BinaryValue) => void): void;
  unwatchAll(): void;
  unexport(): void;
}

export interface GpioConstructor {
  new (sysfsNumber: number, direction: GpioDirection, edge?: GpioEdge, options?: GpioLineOptions): GpioLine;
  /** True when the sysfs export file can be opened for writing. */
  readonly accessible: boolean;
}

export type ActiveLevel = 'low' | 'high';

export const levelValue = (level: ActiveLevel): BinaryValue => (level === 'high' ? 1 : 0);
export const otherValue = (value: BinaryValue): BinaryValue => (value === 1 ? 0 : 1);
