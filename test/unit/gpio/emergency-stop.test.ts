// The e-stop button through the whole adapter on a fake tree, with fake timers: interrupts come
// from level changes written to the tree's value file, debouncing runs on the adapter's timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmergencyStopEvent } from '../../../src/adapters/gpio/bench-gpio.js';
import type { GpioConfigInput } from '../../../src/config/gpio-section.js';
import type { BinaryValue } from '../../../src/adapters/gpio/gpio-line.js';
import { BOARDS, PINS, openOnTree, type OpenedOnTree } from './open-on-tree.js';

// Active low: a normally-open button pulls the pulled-up line to GND.
const PRESSED = 0;
const RELEASED = 1;

interface Button extends OpenedOnTree {
  presses: EmergencyStopEvent[];
  button: number;
}

let opened: OpenedOnTree[] = [];
/** Opens an e-stop whose line rests at `restLevel` (the pull-up's 1 unless said otherwise). */
const openButton = (
  stop: Partial<NonNullable<GpioConfigInput['emergencyStop']>> = {},
  board: (typeof BOARDS)[number] = BOARDS[1],
  restLevel: BinaryValue = RELEASED,
): Button => {
  const result = openOnTree({ emergencyStop: { pin: PINS.emergencyStop, ...stop } }, board, (tree) =>
    tree.pull(board.base + PINS.emergencyStop, restLevel),
  );
  opened.push(result);
  const presses: EmergencyStopEvent[] = [];
  result.gpio.onEmergencyStop((event) => {
    presses.push(event);
  });
  return { ...result, presses, button: result.sysfs(PINS.emergencyStop) };
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const { gpio, tree } of opened) {
    gpio.close();
    tree.remove();
  }
  opened = [];
  vi.useRealTimers();
});

describe.each(BOARDS)('e-stop button on a $name', (board) => {
  it('turns a bounce storm on press into one press, at the first edge, and reports it held', () => {
    const { gpio, tree, presses, button } = openButton({}, board);
    expect(gpio.isEmergencyStopHeld()).toBe(false);

    const start = Date.now();
    for (const level of [PRESSED, RELEASED, PRESSED, RELEASED, PRESSED, RELEASED, PRESSED] as const) {
      tree.driveInput(button, level);
      vi.advanceTimersByTime(2);
    }
    expect(presses).toHaveLength(1);
    expect(presses[0]!.at.getTime()).toBe(start);
    vi.advanceTimersByTime(100);
    expect(presses).toHaveLength(1);
    expect(gpio.isEmergencyStopHeld()).toBe(true);
  });

  it('does not count the release bounce, and counts the next real press', () => {
    const { gpio, tree, presses, button } = openButton({}, board);
    tree.driveInput(button, PRESSED);
    vi.advanceTimersByTime(500);
    for (const level of [RELEASED, PRESSED, RELEASED, PRESSED, RELEASED] as const) {
      tree.driveInput(button, level);
      vi.advanceTimersByTime(3);
    }
    expect(gpio.isEmergencyStopHeld()).toBe(true); // still settling
    vi.advanceTimersByTime(30);
    expect(gpio.isEmergencyStopHeld()).toBe(false);
    expect(presses).toHaveLength(1);

    tree.driveInput(button, PRESSED);
    expect(presses).toHaveLength(2);
  });
});

describe('e-stop debouncing', () => {
  /** Press, release 40 ms later, press again 40 ms after that. */
  const quickDoublePress = ({ tree, button }: Button): void => {
    tree.driveInput(button, PRESSED);
    vi.advanceTimersByTime(40);
    tree.driveInput(button, RELEASED);
    vi.advanceTimersByTime(40);
    tree.driveInput(button, PRESSED);
    vi.advanceTimersByTime(200);
  };

  it('takes its window from the configuration (default 30 ms)', () => {
    const short = openButton();
    quickDoublePress(short);
    expect(short.presses).toHaveLength(2);

    const long = openButton({ debounceMs: 100 });
    quickDoublePress(long);
    expect(long.presses).toHaveLength(1);
  });

  it('still catches a press whose every interrupt read the bounced-back level', () => {
    const { tree, presses, button, gpio } = openButton();
    tree.driveInput(button, PRESSED, RELEASED);
    vi.advanceTimersByTime(1);
    tree.driveInput(button, RELEASED, RELEASED);
    vi.advanceTimersByTime(1);
    tree.driveInput(button, PRESSED, RELEASED);
    expect(presses).toHaveLength(0);
    vi.advanceTimersByTime(29);
    expect(presses).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(presses).toHaveLength(1);
    expect(gpio.isEmergencyStopHeld()).toBe(true);
  });

  it('treats a button held at start-up as held, not as a new press', () => {
    const { gpio, tree, presses, button } = openButton({}, BOARDS[0], PRESSED);
    expect(gpio.isEmergencyStopHeld()).toBe(true);
    vi.advanceTimersByTime(100);
    expect(presses).toHaveLength(0);
    tree.driveInput(button, RELEASED);
    vi.advanceTimersByTime(100);
    expect(gpio.isEmergencyStopHeld()).toBe(false);
    tree.driveInput(button, PRESSED);
    expect(presses).toHaveLength(1);
  });

  it('reads a normally-closed button (activeLevel high): the line rising is the press', () => {
    const { gpio, tree, presses, button } = openButton({ activeLevel: 'high' }, BOARDS[1], 0);
    expect(gpio.isEmergencyStopHeld()).toBe(false);
    tree.driveInput(button, 1);
    expect(presses).toHaveLength(1);
    vi.advanceTimersByTime(50);
    tree.driveInput(button, 0);
    vi.advanceTimersByTime(50);
    expect(gpio.isEmergencyStopHeld()).toBe(false);
  });
});

describe('e-stop handlers', () => {
  it('reports a throwing or rejecting handler and still calls the others', async () => {
    const { gpio, tree, presses, button, warnings } = openButton();
    gpio.onEmergencyStop(() => {
      throw new Error('mcu link down');
    });
    gpio.onEmergencyStop(async () => {
      throw new Error('pause failed');
    });
    const late: EmergencyStopEvent[] = [];
    gpio.onEmergencyStop((event) => {
      late.push(event);
    });

    expect(() => tree.driveInput(button, PRESSED)).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(presses).toHaveLength(1);
    expect(late).toHaveLength(1);
    expect(warnings).toEqual(['e-stop handler failed: mcu link down', 'e-stop handler failed: pause failed']);
  });

  it('stops calling an unsubscribed handler, and stops watching on close', () => {
    const { gpio, tree, button } = openButton();
    const calls: number[] = [];
    const unsubscribe = gpio.onEmergencyStop(() => {
      calls.push(1);
    });
    unsubscribe();
    tree.driveInput(button, PRESSED);
    expect(calls).toEqual([]);
    gpio.close();
    expect(tree.isExported(button)).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });
});
