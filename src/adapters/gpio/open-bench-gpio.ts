// Opens the bench's GPIO from its configuration, or explains why not. Every way this can fail on
// a machine (no sysfs, an unknown board, onoff not built, no permission, a pin already claimed by
// another driver) ends in an OffBenchGpio with the reason: GPIO is optional hardware and never a
// reason for the agent not to run.
import type { BenchGpio } from './bench-gpio.js';
import { EmergencyStopInput } from './emergency-stop-input.js';
import { DEFAULT_SYSFS_ROOT, findMainGpioChip, sysfsNumberOf } from './gpio-chip.js';
import { gpioConfigSchema, type GpioConfigInput } from '../../config/gpio-section.js';
import { levelValue, type GpioConstructor, type GpioLine } from './gpio-line.js';
import { loadOnoff } from './load-onoff.js';
import { OffBenchGpio } from './off-bench-gpio.js';
import { OnoffBenchGpio, type OpenedLines } from './onoff-bench-gpio.js';
import { ResetOutput, resetIdleDirection } from './reset-output.js';
import { StatusLed } from './status-led.js';

export interface OpenBenchGpioOptions {
  /** Where the chip labels are read. Only tests change it: onoff itself always uses the default. */
  sysfsRoot?: string;
  /** The Gpio class; default onoff's, loaded on first use. Tests pass one that works on a fake tree. */
  Gpio?: GpioConstructor;
  /** Handler failures and interrupt errors after opening; default: a line on stderr. */
  warn?: (message: string) => void;
}

export function openBenchGpio(config: GpioConfigInput | undefined, options: OpenBenchGpioOptions = {}): BenchGpio {
  const warn =
    options.warn ??
    ((message: string) => {
      process.stderr.write(`gpio: ${message}\n`);
    });
  if (config === undefined) return new OffBenchGpio('not configured (no gpio section)');
  const parsed = gpioConfigSchema.safeParse(config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `gpio.${issue.path.join('.')}: ${issue.message}`).join('; ');
    return new OffBenchGpio(`invalid configuration: ${problems}`);
  }
  const settings = parsed.data;
  if (!settings.enabled) return new OffBenchGpio('disabled in the configuration (gpio.enabled: false)');
  if (!settings.emergencyStop && !settings.mcuReset && !settings.statusLed) {
    return new OffBenchGpio('no GPIO line configured (gpio.emergencyStop, gpio.mcuReset, gpio.statusLed)');
  }

  const sysfsRoot = options.sysfsRoot ?? DEFAULT_SYSFS_ROOT;
  const search = findMainGpioChip(sysfsRoot);
  if ('off' in search) return new OffBenchGpio(search.off);
  const chip = search.chip;

  let Gpio = options.Gpio;
  if (!Gpio) {
    const loaded = loadOnoff();
    if ('off' in loaded) return new OffBenchGpio(loaded.off);
    Gpio = loaded.Gpio;
  }
  if (!Gpio.accessible) {
    return new OffBenchGpio(`${sysfsRoot}/export is not writable: run as a member of the gpio group (or root)`);
  }

  const opened: OpenedLines = {};
  // Assigned before this function returns; interrupts are delivered from the event loop, so no
  // press can arrive before it is.
  let bench!: OnoffBenchGpio;
  const open = (bcmPin: number, what: string, create: (sysfsNumber: number) => GpioLine): GpioLine => {
    const sysfsNumber = sysfsNumberOf(chip, bcmPin);
    try {
      return create(sysfsNumber);
    } catch (error) {
      throw new Error(
        `cannot open GPIO${bcmPin} for the ${what} (sysfs ${sysfsNumber} on ${chip.label}, base ${chip.base}): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  try {
    const GpioClass = Gpio;
    // activeLow: false everywhere: levels are inverted here, in code, so a stale active_low left on
    // a pin by another program cannot silently flip the button or hold the MCU in reset.
    if (settings.emergencyStop) {
      const stop = settings.emergencyStop;
      const line = open(stop.pin, 'e-stop button', (n) => new GpioClass(n, 'in', 'both', { activeLow: false }));
      opened.emergencyStop = new EmergencyStopInput(line, {
        activeLevel: stop.activeLevel,
        debounceMs: stop.debounceMs,
        onPress: (at) => bench.dispatchEmergencyStop(at),
        onError: warn,
      });
    }
    if (settings.mcuReset) {
      const reset = settings.mcuReset;
      const line = open(
        reset.pin,
        'MCU reset',
        (n) => new GpioClass(n, resetIdleDirection(reset.activeLevel), 'none', { activeLow: false }),
      );
      opened.mcuReset = new ResetOutput(line, { activeLevel: reset.activeLevel, pulseMs: reset.pulseMs });
    }
    if (settings.statusLed) {
      const led = settings.statusLed;
      const unlit = levelValue(led.activeLevel) === 1 ? 'low' : 'high';
      const line = open(led.pin, 'status LED', (n) => new GpioClass(n, unlit, 'none', { activeLow: false }));
      opened.statusLed = new StatusLed(line, led.activeLevel);
    }
  } catch (error) {
    closeQuietly(opened);
    return new OffBenchGpio(error instanceof Error ? error.message : String(error));
  }
  bench = new OnoffBenchGpio(opened, warn);
  return bench;
}

function closeQuietly(opened: OpenedLines): void {
  for (const line of [opened.emergencyStop, opened.mcuReset, opened.statusLed]) {
    try {
      line?.close();
    } catch {
      // Already failing; the first error is the one reported.
    }
  }
}
