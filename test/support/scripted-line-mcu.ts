// A line transport with a scripted MCU behind it, for unit tests of the MCU link on the manual
// clock: it answers HELLO, ARM and PING the way the firmware does (replies on the next turn, never
// on a timer), can stop answering, and can drop the line. What the link wrote is kept.
import type { LineTransport } from '../../src/adapters/mcu-serial/transport.js';
import { encodeMcuFrame, PROTOCOL_VERSION, tableHashHex } from '../../src/protocol/index.js';

export class ScriptedLineMcu {
  /** Every line the link wrote, oldest first. */
  readonly written: string[] = [];
  opens = 0;
  answering = true;
  private state: 'disarmed' | 'ready' = 'disarmed';
  private toLink: (line: string) => void = () => undefined;
  private closeListeners: ((reason: string) => void)[] = [];

  readonly open = async (): Promise<LineTransport> => {
    this.opens++;
    this.closeListeners = [];
    return {
      write: async (line) => {
        this.written.push(line);
        if (this.answering) setImmediate(() => this.answer(line));
      },
      onLine: (listener) => {
        this.toLink = listener;
      },
      onClose: (listener) => void this.closeListeners.push(listener),
      close: async () => undefined,
    };
  };

  /** The cable is pulled: the link's transport reports closed. */
  drop(): void {
    for (const listener of this.closeListeners) listener('port closed');
  }

  /** How many lines the link wrote with this verb. */
  sent(verb: string): number {
    return this.written.filter((line) => line.split(' ')[2] === verb).length;
  }

  private answer(line: string): void {
    const [seqText, idText, verb] = line.split(' ');
    const seq = Number(seqText),
      id = Number(idText);
    if (verb === 'HELLO') return this.toLink(encodeMcuFrame('HELLO', seq, id, this.hello()));
    if (verb === 'ARM') this.state = 'ready';
    if (verb === 'ARM' || verb === 'PING') return this.toLink(encodeMcuFrame('DONE', seq, id, [['state', this.state]]));
  }

  private hello(): [string, string][] {
    return [
      ['proto', String(PROTOCOL_VERSION)],
      ['table', tableHashHex()],
      ['fw', '0.1.0'],
      ['board', 'scripted'],
      ['boot', 'B0071D'],
      ['reset', 'power'],
      ['caps', 'tap,type,key'],
      ['state', this.state],
      ['last', '0'],
      ['maxtext', '40'],
      ['maxhold', '2000'],
      ['tapgap', '120'],
      ['wdog', '1000'],
      ['queue', '4'],
      ['wsx', '1080'],
      ['wsy', '2400'],
      ['maxpath', '8'],
      ['maxgest', '3000'],
      ['maxspeed', '8000'],
    ];
  }
}
