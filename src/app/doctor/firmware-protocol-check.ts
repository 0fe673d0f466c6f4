// The firmware answers HELLO within the timeout and speaks this host's protocol and table.
import { McuLinkError } from '../../adapters/mcu-serial/errors.js';
import { describeFirmware, shakeHands } from '../flash/shake-hands.js';
import { fail, pass, type CheckResult } from './check-result.js';
import { NO_PORT_FIX } from './serial-device-check.js';

export const FIRMWARE_NAME = 'firmware-protocol';
const FLASH_FIX =
  'flash the firmware built from this checkout: benchhand flash --board leonardo|promicro|leonardo-gantry|pico';

export async function checkFirmwareProtocol(port: string | undefined, timeoutMs: number): Promise<CheckResult> {
  if (!port) return fail(FIRMWARE_NAME, 'no MCU serial port configured, so no handshake', NO_PORT_FIX);
  try {
    const info = await shakeHands(port, { timeoutMs });
    return pass(FIRMWARE_NAME, describeFirmware(info));
  } catch (error) {
    return fail(FIRMWARE_NAME, (error as Error).message, fixFor(error));
  }
}

function fixFor(error: unknown): string {
  if (!(error instanceof McuLinkError)) return 'fix the serial device first (see the serial-device check)';
  if (error.code === 'HANDSHAKE_MISMATCH') {
    return /Update benchhand on the host/.test(error.message)
      ? 'update benchhand on this host (git pull && npm ci in the checkout)'
      : FLASH_FIX;
  }
  if (error.code === 'NO_REPLY') {
    return `check the wiring (Pi TX to MCU RX, Pi RX to MCU TX, GND to GND, 3.3 V levels), that nothing else uses the port, then ${FLASH_FIX}`;
  }
  return FLASH_FIX;
}
