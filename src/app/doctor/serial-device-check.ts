// The MCU's serial device exists, is a character device, and this user may read and write it.
import { accessSync, constants, statSync } from 'node:fs';
import { fail, pass, type CheckResult } from './check-result.js';
import { groupName } from './group-name.js';

export const SERIAL_NAME = 'serial-device';
export const NO_PORT_FIX =
  "give the MCU's serial path with --port PATH or mcu.port in --config (the Pi's UART is /dev/serial0; a USB-UART bridge is /dev/ttyUSB0 or /dev/benchhand-mcu with host/udev)";

export function checkSerialDevice(port: string | undefined): CheckResult {
  if (!port) return fail(SERIAL_NAME, 'no MCU serial port configured', NO_PORT_FIX);
  let stats;
  try {
    stats = statSync(port);
  } catch {
    return fail(
      SERIAL_NAME,
      `${port} does not exist`,
      "plug in (or wire) the MCU, then find its path with `ls -l /dev/serial* /dev/ttyACM* /dev/ttyUSB*`; for the Pi's UART enable it with `sudo raspi-config nonint do_serial_hw 0 && sudo raspi-config nonint do_serial_cons 1` and reboot",
    );
  }
  if (!stats.isCharacterDevice()) return fail(SERIAL_NAME, `${port} is not a serial (character) device`, NO_PORT_FIX);
  const group = groupName(stats.gid) ?? 'dialout';
  try {
    accessSync(port, constants.R_OK | constants.W_OK);
  } catch {
    return fail(
      SERIAL_NAME,
      `${port} exists but this user may not read and write it (group ${group})`,
      `sudo usermod -aG ${group} $USER, then log out and in again`,
    );
  }
  return pass(SERIAL_NAME, `${port} exists and is readable and writable (group ${group})`);
}
