// The real parts `benchhand flash` works with, wired here so the command line builds nothing: the
// USB serial listing, the 1200-baud touch (the serial adapter), avrdude and the handshake.
import { touchAt1200Baud } from '../../adapters/mcu-serial/bootloader-touch.js';
import { runProgram } from './avrdude.js';
import { findOnPath } from './executable-on-path.js';
import type { FlashDependencies } from './run-flash.js';
import { usbSerialPortLister } from './serial-device-listing.js';
import { shakeHandsAfterReboot } from './shake-hands.js';

export function flashDependencies(deviceDirectory: string, say: (line: string) => void): FlashDependencies {
  return {
    listPorts: usbSerialPortLister(deviceDirectory),
    touch: touchAt1200Baud,
    runProgram,
    findProgram: (name) => findOnPath(name),
    handshake: (path, waitMs) => shakeHandsAfterReboot(path, waitMs),
    say,
  };
}
