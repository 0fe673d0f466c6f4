// The GPIO base: with a gpio section, the Pi's header controller is found in sysfs (its base
// offset read from the chip label) and this user may export pins. Without one, GPIO is off,
// which is fine: the e-stop button, reset line and LED are optional.
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SYSFS_ROOT, findMainGpioChip } from '../../adapters/gpio/gpio-chip.js';
import { gpioConfigSchema } from '../../config/gpio-section.js';
import { fail, pass, type CheckResult } from './check-result.js';

export const GPIO_NAME = 'gpio';
const OFF_FIX = "on a machine without the Pi's GPIO header, remove the gpio section or set gpio.enabled: false";

export function checkGpio(config: unknown, sysfsRoot: string = DEFAULT_SYSFS_ROOT): CheckResult {
  if (config === undefined)
    return pass(
      GPIO_NAME,
      'off: no gpio section configured (the e-stop button, MCU reset line and status LED are optional)',
    );
  const parsed = gpioConfigSchema.safeParse(config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `gpio.${issue.path.join('.')}: ${issue.message}`).join('; ');
    return fail(GPIO_NAME, `invalid gpio section: ${problems}`, 'correct the gpio section (see hardware/gpio.md)');
  }
  const settings = parsed.data;
  const lines = (['emergencyStop', 'mcuReset', 'statusLed'] as const).filter((name) => settings[name] !== undefined);
  if (!settings.enabled) return pass(GPIO_NAME, 'off: gpio.enabled is false');
  if (lines.length === 0) return pass(GPIO_NAME, 'off: the gpio section configures no line');
  const search = findMainGpioChip(sysfsRoot);
  if ('off' in search) return fail(GPIO_NAME, search.off, OFF_FIX);
  const { chip } = search;
  const exportFile = join(sysfsRoot, 'export');
  try {
    accessSync(exportFile, constants.W_OK);
  } catch {
    return fail(
      GPIO_NAME,
      `${exportFile} is not writable by this user`,
      'sudo usermod -aG gpio $USER, then log out and in again',
    );
  }
  const pins = lines
    .map((name) => `${name} GPIO${settings[name]!.pin} = sysfs ${chip.base + settings[name]!.pin}`)
    .join(', ');
  return pass(GPIO_NAME, `${chip.board} controller ${chip.label} at base ${chip.base}: ${pins}`);
}
