// The reset pulse and the LED patterns, read back from the value files' write history with fake
// timers, so the timing asserted is the timing the pins would see.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LED_PATTERN_NAMES, type LedPattern } from '../../../src/adapters/gpio/bench-gpio.js';
import { LED_PATTERNS } from '../../../src/adapters/gpio/led-patterns.js';
import { BOARDS, PINS, fullConfig, openOnTree, type OpenedOnTree } from './open-on-tree.js';

let opened: OpenedOnTree[] = [];
const open = (...args: Parameters<typeof openOnTree>): OpenedOnTree => {
  const result = openOnTree(...args);
  opened.push(result);
  return result;
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

/** Starts watching a pin's value file: the returned function lists the writes since, as
 * [ms after the start, value]. */
const recordWrites = ({ tree }: OpenedOnTree, sysfsNumber: number): (() => [number, number][]) => {
  const start = Date.now();
  const before = tree.valueWrites.get(sysfsNumber)?.length ?? 0;
  return () => (tree.valueWrites.get(sysfsNumber) ?? []).slice(before).map((write) => [write.at - start, write.value]);
};

describe.each(BOARDS)('MCU reset line on a $name', (board) => {
  it('pulses low for 50 ms by default, then drives high again, and resolves when released', async () => {
    const opening = open(fullConfig(), board);
    const reset = opening.sysfs(PINS.mcuReset);
    const writes = recordWrites(opening, reset);
    let released = false;
    const pulse = opening.gpio.pulseReset().then(() => {
      released = true;
    });
    expect(opening.tree.read(reset, 'value')).toBe('0');
    await vi.advanceTimersByTimeAsync(49);
    expect(opening.tree.read(reset, 'value')).toBe('0');
    expect(released).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pulse;
    expect(opening.tree.read(reset, 'value')).toBe('1');
    expect(writes()).toEqual([
      [0, 0],
      [50, 1],
    ]);
  });
});

describe('MCU reset line options', () => {
  it('drives high for pulseMs through a transistor (activeLevel high), idling low', async () => {
    const opening = open({ mcuReset: { pin: PINS.mcuReset, activeLevel: 'high', pulseMs: 200 } });
    const reset = opening.sysfs(PINS.mcuReset);
    const writes = recordWrites(opening, reset);
    expect(opening.tree.read(reset, 'value')).toBe('0');
    const pulse = opening.gpio.pulseReset();
    await vi.advanceTimersByTimeAsync(200);
    await pulse;
    expect(writes()).toEqual([
      [0, 1],
      [200, 0],
    ]);
  });

  it('joins a second request made during a pulse instead of stretching it', async () => {
    const opening = open(fullConfig());
    const reset = opening.sysfs(PINS.mcuReset);
    const writes = recordWrites(opening, reset);
    const first = opening.gpio.pulseReset();
    await vi.advanceTimersByTimeAsync(20);
    const second = opening.gpio.pulseReset();
    await vi.advanceTimersByTimeAsync(30);
    await Promise.all([first, second]);
    expect(writes()).toEqual([
      [0, 0],
      [50, 1],
    ]);
  });

  it('releases the MCU from reset when closed mid-pulse', async () => {
    const opening = open(fullConfig());
    const reset = opening.sysfs(PINS.mcuReset);
    const writes = recordWrites(opening, reset);
    const pulse = opening.gpio.pulseReset();
    await vi.advanceTimersByTimeAsync(10);
    opening.gpio.close();
    await pulse;
    expect(writes()).toEqual([
      [0, 0],
      [10, 1],
    ]);
    expect(opening.tree.isExported(reset)).toBe(false);
    await expect(opening.gpio.pulseReset()).rejects.toThrow(/closed/);
  });
});

describe('status LED', () => {
  /** What the LED should show over `ms`, from the pattern table, as [time, value] per change. */
  const expectedWrites = (pattern: LedPattern, ms: number): [number, number][] => {
    const steps = LED_PATTERNS[pattern];
    const writes: [number, number][] = [];
    for (let at = 0, index = 0; at <= ms; index = (index + 1) % steps.length) {
      writes.push([at, steps[index]!.lit ? 1 : 0]);
      if (steps.length < 2) break;
      at += steps[index]!.ms;
    }
    return writes;
  };

  it.each(LED_PATTERN_NAMES)('plays %s on the pin, per the pattern table', (pattern) => {
    const opening = open(fullConfig());
    const led = opening.sysfs(PINS.statusLed);
    const writes = recordWrites(opening, led);
    opening.gpio.setLed(pattern);
    vi.advanceTimersByTime(4000);
    expect(writes()).toEqual(expectedWrites(pattern, 4000));
  });

  it('has the documented shapes: steady running, 1 Hz paused, 5 Hz e-stopped, double-blink error', () => {
    expect(expectedWrites('running', 4000)).toEqual([[0, 1]]);
    expect(expectedWrites('paused', 1000)).toEqual([
      [0, 1],
      [500, 0],
      [1000, 1],
    ]);
    expect(expectedWrites('e-stopped', 400)).toEqual([
      [0, 1],
      [100, 0],
      [200, 1],
      [300, 0],
      [400, 1],
    ]);
    expect(expectedWrites('error', 1500)).toEqual([
      [0, 1],
      [150, 0],
      [300, 1],
      [450, 0],
      [1500, 1],
    ]);
    expect(expectedWrites('idle', 2000)).toEqual([
      [0, 1],
      [100, 0],
      [2000, 1],
    ]);
  });

  it('does not restart a pattern that is set again, and switches cleanly to another', () => {
    const opening = open(fullConfig());
    const led = opening.sysfs(PINS.statusLed);
    const writes = recordWrites(opening, led);
    opening.gpio.setLed('paused');
    vi.advanceTimersByTime(300);
    opening.gpio.setLed('paused');
    vi.advanceTimersByTime(300);
    opening.gpio.setLed('running');
    vi.advanceTimersByTime(2000);
    expect(writes()).toEqual([
      [0, 1],
      [500, 0],
      [600, 1],
    ]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops its timer on close and leaves the LED dark', () => {
    const opening = open(fullConfig());
    const led = opening.sysfs(PINS.statusLed);
    opening.gpio.setLed('e-stopped');
    vi.advanceTimersByTime(150);
    expect(vi.getTimerCount()).toBe(1);
    opening.gpio.close();
    expect(vi.getTimerCount()).toBe(0);
    const writes = opening.tree.valueWrites.get(led)!;
    expect(writes.at(-1)!.value).toBe(0);
    const count = writes.length;
    vi.advanceTimersByTime(1000);
    expect(writes).toHaveLength(count);
    opening.gpio.setLed('running');
    expect(writes).toHaveLength(count);
  });

  it('lights an LED sunk by the pin (activeLevel low) by driving it low', () => {
    const opening = open({ statusLed: { pin: PINS.statusLed, activeLevel: 'low' } });
    const led = opening.sysfs(PINS.statusLed);
    expect(opening.tree.read(led, 'value')).toBe('1');
    opening.gpio.setLed('running');
    expect(opening.tree.read(led, 'value')).toBe('0');
    opening.gpio.close();
    expect(opening.tree.valueWrites.get(led)!.at(-1)!.value).toBe(1);
  });
});
