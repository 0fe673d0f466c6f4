// The real adapter (openBenchGpio: chip lookup, OnoffBenchGpio, the e-stop debouncer, the reset
// output, the LED player) over a fake sysfs tree shaped like the kernel's, read back from the
// tree's files. A Pi's real /sys/class/gpio is not touched by the test suite.
import { PINS, BOARDS, fullConfig, openOnTree } from '../unit/gpio/open-on-tree.js';
import type { GpioConfigInput } from '../../src/config/gpio-section.js';
import type { BinaryValue } from '../../src/adapters/gpio/gpio-line.js';
import { vi } from 'vitest';
import { describeBenchGpioContract, type BenchGpioSubject } from './bench-gpio.contract.js';

// Active low by default: the pulled-up line reads 1 until the button pulls it to GND.
const PRESSED: BinaryValue = 0;
const RELEASED: BinaryValue = 1;
const BOUNCE_GAP_MS = 2;

function treeSubject(config: GpioConfigInput, board: (typeof BOARDS)[number]): BenchGpioSubject {
  const opened = openOnTree(config, board, (tree) => tree.pull(board.base + PINS.emergencyStop, RELEASED));
  const { tree, gpio, sysfs } = opened;
  const button = sysfs(PINS.emergencyStop),
    reset = sysfs(PINS.mcuReset),
    led = sysfs(PINS.statusLed);
  const configured = [config.emergencyStop && button, config.mcuReset && reset, config.statusLed && led].filter(
    (pin): pin is number => typeof pin === 'number',
  );
  /** Drives the button's line; a storm alternates levels 2 ms apart and ends on `level`. */
  const drive = async (level: BinaryValue, bouncing = false) => {
    if (!tree.isExported(button)) return; // a button on a released pin reaches nobody
    const storm = bouncing ? ([level, 1 - level, level, 1 - level, level] as BinaryValue[]) : [level];
    for (const [index, step] of storm.entries()) {
      if (index > 0) await vi.advanceTimersByTimeAsync(BOUNCE_GAP_MS);
      tree.driveInput(button, step);
    }
  };
  return {
    gpio,
    press: (options) => drive(PRESSED, options?.bouncing),
    release: (options) => drive(RELEASED, options?.bouncing),
    debounceMs: config.emergencyStop ? (config.emergencyStop.debounceMs ?? 30) : undefined,
    // A pulse is a write of the active level (0) followed by one of the idle level (1).
    resetPulses: () =>
      (tree.valueWrites.get(reset) ?? []).filter((write, i, all) => write.value === 1 && all[i - 1]?.value === 0)
        .length,
    inReset: () => tree.read(reset, 'value') === '0',
    pulseMs: config.mcuReset?.pulseMs ?? 50,
    ledLit: () => tree.read(led, 'value') === '1',
    linesReleased: () => configured.every((pin) => !tree.isExported(pin)),
    teardown: () => {
      gpio.close();
      tree.remove();
    },
  };
}

for (const board of BOARDS)
  describeBenchGpioContract(`onoff adapter on a fake sysfs tree, every line (${board.name})`, () =>
    treeSubject(fullConfig(), board),
  );
describeBenchGpioContract('onoff adapter on a fake sysfs tree, only an e-stop button with a 60 ms window', () =>
  treeSubject({ emergencyStop: { pin: PINS.emergencyStop, debounceMs: 60 } }, BOARDS[1]),
);
