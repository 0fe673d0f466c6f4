// The USB CDC serial ports a 32u4 board (and its bootloader) shows up as: /dev/ttyACM*.
// The directory is a parameter so tests list a fake one.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_DEVICE_DIRECTORY = '/dev';
const USB_CDC_PORT = /^ttyACM\d+$/;

export type ListSerialPorts = () => string[];

export function usbSerialPortLister(directory: string = DEFAULT_DEVICE_DIRECTORY): ListSerialPorts {
  return () => {
    try {
      return readdirSync(directory)
        .filter((name) => USB_CDC_PORT.test(name))
        .sort()
        .map((name) => join(directory, name));
    } catch {
      return [];
    }
  };
}
