// A line transport: the serial port split into lines by @serialport/parser-readline.
// The link depends on this narrow interface, so a test can hand it any line source.
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPort } from 'serialport';

export interface LineTransport {
  /**
   * Sends one line. On the wire every line also starts with a newline (a resync): whatever the
   * MCU's line buffer holds unterminated (a previous host's half frame, line noise, even more than
   * the buffer takes) ends there as one bad line, instead of swallowing this frame. The MCU ignores
   * empty lines.
   */
  write(line: string): Promise<void>;
  onLine(listener: (line: string) => void): void;
  /** Called once when the port goes away (unplugged, peer closed, or close()). */
  onClose(listener: (reason: string) => void): void;
  close(): Promise<void>;
}

export type TransportOpener = (path: string) => Promise<LineTransport>;

export interface SerialOptions {
  baudRate?: number;
}

export function serialOpener(options: SerialOptions = {}): TransportOpener {
  return (path) => openSerial(path, options.baudRate ?? 115200);
}

async function openSerial(path: string, baudRate: number): Promise<LineTransport> {
  // hupcl false: a pty (and many USB-UART bridges) reject the DTR/RTS ioctls with ENOTTY, and
  // dropping DTR on close would reset a Leonardo-style board.
  const port = new SerialPort({ path, baudRate, autoOpen: false, hupcl: false, lock: true });
  await new Promise<void>((resolve, reject) =>
    port.open((error) => (error ? reject(describeOpenError(path, error)) : resolve())),
  );
  const parser = port.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'latin1' }));
  const closeListeners: ((reason: string) => void)[] = [];
  let closed = false;
  const fireClose = (reason: string) => {
    if (closed) return;
    closed = true;
    for (const listener of closeListeners) listener(reason);
  };
  port.on('close', () => fireClose('port closed'));
  port.on('error', (error: Error) => fireClose(error.message));
  return {
    write: (line) =>
      new Promise((resolve, reject) => {
        if (closed) return reject(new Error(`${path} is closed`));
        port.write(`\n${line}\n`, 'latin1', (error) => (error ? reject(error) : resolve()));
      }),
    onLine: (listener) => parser.on('data', (line: string) => listener(line.replace(/\r$/, ''))),
    onClose: (listener) => closeListeners.push(listener),
    close: () =>
      new Promise((resolve) => {
        if (!port.isOpen) return resolve();
        port.close(() => resolve());
      }),
  };
}

function describeOpenError(path: string, error: Error): Error {
  const text = error.message;
  if (/ENOENT|No such file/.test(text))
    return new Error(
      `serial port ${path} does not exist: is the MCU plugged in, and is the path right (see \`benchhand doctor\`)? (${text})`,
    );
  if (/EACCES|Permission denied/.test(text))
    return new Error(`no permission to open ${path}: add this user to the dialout group, then log in again. (${text})`);
  if (/lock/i.test(text))
    return new Error(`${path} is in use by another program (another benchhand or a serial monitor?). (${text})`);
  return new Error(`cannot open serial port ${path}: ${text}`);
}
