// Which sysfs GPIO number a header pin has. Since Linux 6.x (Raspberry Pi OS Bookworm) the sysfs
// numbers no longer start at 0: the Pi's main controller is registered at a dynamic base (512 on a
// Pi 4 and older, 571 on a Pi 5), and old kernels still use 0. The base is read from the chip whose
// label names the Pi's pin controller rather than guessed from the board, so a kernel that moves it
// again still works.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_SYSFS_ROOT = '/sys/class/gpio';

/** The label of the chip that drives the 40-pin header, and the boards it means. */
export const MAIN_CHIP_LABELS: Readonly<Record<string, string>> = {
  'pinctrl-rp1': 'Raspberry Pi 5',
  'pinctrl-bcm2711': 'Raspberry Pi 4 / 400 / CM4',
  'pinctrl-bcm2835': 'Raspberry Pi 1-3 / Zero',
};

export interface GpioChip {
  label: string;
  board: string;
  base: number;
  /** The chip's directory, e.g. /sys/class/gpio/gpiochip571. */
  path: string;
}

export type ChipSearch = { chip: GpioChip } | { off: string };

export function findMainGpioChip(sysfsRoot: string = DEFAULT_SYSFS_ROOT): ChipSearch {
  if (!existsSync(sysfsRoot)) {
    return {
      off: `${sysfsRoot} does not exist: no sysfs GPIO on this machine (not a Raspberry Pi, or a kernel without CONFIG_GPIO_SYSFS)`,
    };
  }
  let entries: string[];
  try {
    entries = readdirSync(sysfsRoot)
      .filter((name) => /^gpiochip\d+$/.test(name))
      .sort();
  } catch (error) {
    return { off: `cannot list ${sysfsRoot}: ${messageOf(error)}` };
  }
  const labelsSeen: string[] = [];
  for (const name of entries) {
    const path = join(sysfsRoot, name);
    const label = readTrimmed(join(path, 'label'));
    if (label === undefined) continue;
    labelsSeen.push(label);
    const board = MAIN_CHIP_LABELS[label];
    if (board === undefined) continue;
    const base = Number.parseInt(readTrimmed(join(path, 'base')) ?? '', 10);
    if (!Number.isInteger(base) || base < 0) return { off: `${path}/base is not a number` };
    return { chip: { label, board, base, path } };
  }
  const known = Object.keys(MAIN_CHIP_LABELS).join(', ');
  if (labelsSeen.length === 0) return { off: `no gpiochip under ${sysfsRoot}` };
  return {
    off: `no Raspberry Pi header GPIO controller under ${sysfsRoot} (found ${labelsSeen.join(', ')}; expected one of ${known})`,
  };
}

/** The header's BCM number as the user writes it (GPIO17 is 17) -> the number sysfs wants. */
export const sysfsNumberOf = (chip: GpioChip, bcmPin: number): number => chip.base + bcmPin;

function readTrimmed(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
