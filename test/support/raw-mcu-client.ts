// A bare serial client for tests that must speak to the MCU without the link's manners:
// garbage, bad CRCs, deliberate silence. Uses the real serialport package and the codec.
import { ReadlineParser } from '@serialport/parser-readline';
import { SerialPort } from 'serialport';
import {
  encodeHostFrame,
  parseMcuFrame,
  PROTOCOL_VERSION,
  tableHashHex,
  type Frame,
} from '../../src/protocol/index.js';

export class RawMcuClient {
  readonly received: Frame[] = [];
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  private seq = 0;

  private constructor(private readonly port: SerialPort) {
    port.pipe(new ReadlineParser({ delimiter: '\n', encoding: 'latin1' })).on('data', (line: string) => {
      const parsed = parseMcuFrame(line.replace(/\r$/, ''));
      if (!parsed.ok) return;
      this.received.push(parsed.frame);
      this.waiters = this.waiters.filter((w) => !(w.match(parsed.frame) && (w.resolve(parsed.frame), true)));
    });
  }

  static async open(path: string): Promise<RawMcuClient> {
    const port = new SerialPort({ path, baudRate: 115200, autoOpen: false, hupcl: false });
    await new Promise<void>((resolve, reject) => port.open((e) => (e ? reject(e) : resolve())));
    return new RawMcuClient(port);
  }

  writeRaw(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.port.write(data, (e) => (e ? reject(e) : resolve())));
  }

  /** Sends a well-formed host frame and returns its seq. */
  async send(id: number, verb: string, args: [string, string][] = []): Promise<number> {
    this.seq = (this.seq % 65535) + 1;
    await this.writeRaw(`${encodeHostFrame(this.seq, id, verb, args)}\n`);
    return this.seq;
  }

  waitFor(match: (frame: Frame) => boolean, timeoutMs = 2000): Promise<Frame> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.received.slice(-5))}`)),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }

  async request(
    id: number,
    verb: string,
    args: [string, string][] = [],
    kinds = ['DONE', 'ERR', 'HELLO', 'ALREADY', 'MISMATCH', 'STALE', 'RCVD'],
  ): Promise<Frame> {
    const seq = await this.send(id, verb, args);
    return this.waitFor((f) => f.seq === seq && kinds.includes(f.head));
  }

  hello(): Promise<Frame> {
    return this.request(0, 'HELLO', [
      ['proto', String(PROTOCOL_VERSION)],
      ['table', tableHashHex()],
    ]);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.port.isOpen ? this.port.close(() => resolve()) : resolve()));
  }
}
