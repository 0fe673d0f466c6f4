// Follows the simulated MCU's actuation log (one JSON object per line, appended and flushed
// by the simulator) and hands each new event over. Polling a few milliseconds apart is simpler
// and sturdier than inotify across the simulator's restarts, and costs nothing measurable.
import { JsonLinesTail } from '../../adapters/store/json-lines-tail.js';
import type { SimEvent } from '../mcu/native-sim-mcu.js';

export class McuEventTail {
  private readonly tail: JsonLinesTail;
  private timer?: NodeJS.Timeout;

  constructor(
    path: string,
    private readonly onEvent: (event: SimEvent) => void,
    private readonly intervalMs = 4,
  ) {
    this.tail = new JsonLinesTail(path);
  }

  start(): void {
    this.timer = setInterval(() => this.readNew(), this.intervalMs);
  }

  /** Reads whatever has been appended since the last call. */
  readNew(): void {
    for (const { value } of this.tail.readNew()) if (value) this.onEvent(value as SimEvent);
  }

  stop(): void {
    clearInterval(this.timer);
    this.readNew();
  }
}
