// Opens the real adapter (openBenchGpio and everything under it) on a fake Pi tree.
import type { BenchGpio } from '../../../src/adapters/gpio/bench-gpio.js';
import type { GpioConfigInput } from '../../../src/config/gpio-section.js';
import { openBenchGpio } from '../../../src/adapters/gpio/open-bench-gpio.js';
import { FakeSysfsTree } from './fake-sysfs-tree.js';

export const BOARDS = [
  { name: 'Pi 4 (6.x kernel)', label: 'pinctrl-bcm2711', base: 512 },
  { name: 'Pi 5', label: 'pinctrl-rp1', base: 571 },
] as const;

/** The pins hardware/gpio.md recommends. */
export const PINS = { emergencyStop: 17, mcuReset: 27, statusLed: 22 } as const;

export const fullConfig = (overrides: Partial<GpioConfigInput> = {}): GpioConfigInput => ({
  emergencyStop: { pin: PINS.emergencyStop },
  mcuReset: { pin: PINS.mcuReset },
  statusLed: { pin: PINS.statusLed },
  ...overrides,
});

export interface OpenedOnTree {
  tree: FakeSysfsTree;
  gpio: BenchGpio;
  warnings: string[];
  /** sysfs number of a header pin on this tree's board. */
  sysfs: (bcmPin: number) => number;
}

export function openOnTree(
  config: GpioConfigInput = fullConfig(),
  board: { label: string; base: number } = BOARDS[1],
  prepare?: (tree: FakeSysfsTree) => void,
): OpenedOnTree {
  const tree = new FakeSysfsTree().addChip(board.label, board.base).addExportFiles();
  prepare?.(tree);
  const warnings: string[] = [];
  const gpio = openBenchGpio(config, {
    sysfsRoot: tree.root,
    Gpio: tree.Gpio,
    warn: (message) => warnings.push(message),
  });
  return { tree, gpio, warnings, sysfs: (bcmPin) => board.base + bcmPin };
}
