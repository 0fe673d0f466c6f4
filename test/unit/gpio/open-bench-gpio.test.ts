// The factory on fake trees: which sysfs numbers it exports and what it writes to them, on both
// base offsets; and every way it ends up off instead of throwing.
import { afterEach, describe, expect, it } from 'vitest';
import { openBenchGpio } from '../../../src/adapters/gpio/open-bench-gpio.js';
import { FakeSysfsTree } from './fake-sysfs-tree.js';
import { BOARDS, PINS, fullConfig, openOnTree, type OpenedOnTree } from './open-on-tree.js';

const opened: OpenedOnTree[] = [];
const open = (...args: Parameters<typeof openOnTree>): OpenedOnTree => {
  const result = openOnTree(...args);
  opened.push(result);
  return result;
};
afterEach(() => {
  for (const { gpio, tree } of opened.splice(0)) {
    gpio.close();
    tree.remove();
  }
});

describe.each(BOARDS)('openBenchGpio on a $name (base $base)', (board) => {
  it('exports header pins at base + BCM number and sets them up in the tree', () => {
    const { gpio, tree, sysfs } = open(fullConfig(), board);
    expect(gpio.status).toBe('on');
    expect(gpio.lines).toEqual({ emergencyStop: true, mcuReset: true, statusLed: true });
    expect(tree.exportLog()).toEqual([sysfs(PINS.emergencyStop), sysfs(PINS.mcuReset), sysfs(PINS.statusLed)]);

    const button = sysfs(PINS.emergencyStop);
    expect([tree.read(button, 'direction'), tree.read(button, 'edge'), tree.read(button, 'active_low')]).toEqual([
      'in',
      'both',
      '0',
    ]);
    // Reset idles high (RST is active low) from the very first write: no glitch into reset.
    const reset = sysfs(PINS.mcuReset);
    expect([tree.read(reset, 'direction'), tree.read(reset, 'value')]).toEqual(['out', '1']);
    expect(tree.valueWrites.get(reset)?.map((write) => write.value)).toEqual([1]);
    const led = sysfs(PINS.statusLed);
    expect([tree.read(led, 'direction'), tree.read(led, 'value')]).toEqual(['out', '0']);
  });

  it('unexports every pin on close, leaving the LED dark and the MCU out of reset', () => {
    const { gpio, tree, sysfs } = open(fullConfig(), board);
    gpio.setLed('running');
    gpio.close();
    gpio.close();
    expect(tree.exportLog('unexport').sort()).toEqual(
      [sysfs(PINS.emergencyStop), sysfs(PINS.mcuReset), sysfs(PINS.statusLed)].sort(),
    );
    expect(tree.valueWrites.get(sysfs(PINS.statusLed))?.at(-1)?.value).toBe(0);
    expect(tree.valueWrites.get(sysfs(PINS.mcuReset))?.at(-1)?.value).toBe(1);
    for (const pin of Object.values(PINS)) expect(tree.isExported(sysfs(pin))).toBe(false);
  });
});

describe('openBenchGpio opens only what is configured', () => {
  it('an e-stop button alone', async () => {
    const { gpio, tree, sysfs } = open({ emergencyStop: { pin: 4 } });
    expect(gpio.lines).toEqual({ emergencyStop: true, mcuReset: false, statusLed: false });
    expect(tree.exportLog()).toEqual([sysfs(4)]);
    gpio.setLed('error');
    await expect(gpio.pulseReset()).rejects.toThrow(/no MCU reset line/);
  });
});

describe('openBenchGpio reports itself off, never throws', () => {
  const offReason = (gpio: { status: unknown }): string => {
    const status = gpio.status as { off?: string };
    if (typeof status.off !== 'string') throw new Error(`expected off, got ${JSON.stringify(gpio.status)}`);
    return status.off;
  };

  it('without a gpio section, or with it disabled', () => {
    expect(offReason(openBenchGpio(undefined))).toMatch(/not configured/);
    expect(offReason(openBenchGpio({ enabled: false, emergencyStop: { pin: 17 } }))).toMatch(/disabled/);
    expect(offReason(openBenchGpio({}))).toMatch(/no GPIO line configured/);
  });

  it('with an invalid configuration, naming the key', () => {
    expect(offReason(openBenchGpio({ emergencyStop: { pin: 40 } }))).toMatch(/gpio\.emergencyStop\.pin/);
    expect(offReason(openBenchGpio({ emergencyStop: { pin: 17 }, statusLed: { pin: 17 } }))).toMatch(
      /GPIO17 is already used by emergencyStop/,
    );
  });

  it('when the sysfs tree is missing', () => {
    const tree = new FakeSysfsTree();
    try {
      const gpio = openBenchGpio(fullConfig(), { sysfsRoot: `${tree.root}/nothing`, Gpio: tree.Gpio });
      expect(offReason(gpio)).toMatch(/does not exist/);
      gpio.close();
    } finally {
      tree.remove();
    }
  });

  it('when the chip is not a Raspberry Pi header controller', () => {
    const { gpio } = open(fullConfig(), { label: 'gpio-mockup-A', base: 0 });
    expect(offReason(gpio)).toMatch(/no Raspberry Pi header GPIO controller.*gpio-mockup-A/);
  });

  it('when the export file cannot be opened (no permission)', () => {
    const tree = new FakeSysfsTree().addChip('pinctrl-rp1', 571);
    try {
      expect(offReason(openBenchGpio(fullConfig(), { sysfsRoot: tree.root, Gpio: tree.Gpio }))).toMatch(
        /export is not writable.*gpio group/,
      );
    } finally {
      tree.remove();
    }
  });

  it('when a pin is owned by another driver, and releases the pins it had already opened', () => {
    const { gpio, tree, sysfs } = open(fullConfig(), BOARDS[0], (fake) =>
      fake.claimByAnotherDriver(512 + PINS.mcuReset),
    );
    expect(offReason(gpio)).toMatch(/GPIO27 for the MCU reset \(sysfs 539 on pinctrl-bcm2711, base 512\): EBUSY/);
    expect(tree.isExported(sysfs(PINS.emergencyStop))).toBe(false);
    expect(tree.exportLog('unexport')).toEqual([sysfs(PINS.emergencyStop)]);
    // The off variant is inert.
    expect(gpio.isEmergencyStopHeld()).toBe(false);
    gpio.setLed('error');
    gpio.onEmergencyStop(() => {})();
    return expect(gpio.pulseReset()).rejects.toThrow(/GPIO is off/);
  });

  it('on this machine, with real onoff and the real /sys/class/gpio', () => {
    // Off here (no Pi), whatever the reason: no tree, no chip, or onoff's epoll not built.
    const gpio = openBenchGpio(fullConfig(), { warn: () => {} });
    expect(typeof offReason(gpio)).toBe('string');
    gpio.close();
  });
});
