// The "1200-baud touch": opening a 32u4's USB CDC port at 1200 baud and closing it makes the
// running sketch jump into the Caterina bootloader, which then shows up as a new serial port
// for about 8 seconds. DTR is dropped before closing, as the Arduino tools do; a port that
// cannot set DTR (a pty) is still touched by the baud rate alone.
import { SerialPort } from 'serialport';

export const TOUCH_BAUD_RATE = 1200;

export type BootloaderTouch = (port: string) => Promise<void>;

export const touchAt1200Baud: BootloaderTouch = async (path) => {
  const port = new SerialPort({ path, baudRate: TOUCH_BAUD_RATE, autoOpen: false, hupcl: true });
  await new Promise<void>((resolve, reject) =>
    port.open((error) => (error ? reject(touchError(path, error)) : resolve())),
  );
  await new Promise<void>((resolve) => port.set({ dtr: false }, () => resolve()));
  await new Promise<void>((resolve) => port.close(() => resolve()));
};

function touchError(path: string, error: Error): Error {
  if (/ENOENT|No such file/.test(error.message))
    return new Error(
      `${path} does not exist: is the board plugged in by USB? (\`ls /dev/ttyACM*\` lists the candidates; give the right one with --port)`,
    );
  if (/EACCES|Permission denied/.test(error.message))
    return new Error(
      `no permission to open ${path}: run \`sudo usermod -aG dialout $USER\`, then log out and in again`,
    );
  return new Error(`cannot open ${path} at ${TOUCH_BAUD_RATE} baud to start the bootloader: ${error.message}`);
}
