// Follows the simulated MCU's actuation log (one JSON object per line, appended and flushed
// by the simulator) and hands each new event over. Polling a few milliseconds apart is simpler
// and sturdier than inotify across the simulator's restarts, and costs nothing measurable.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import type { SimEvent } from '../mcu/native-sim-mcu.js';

export class McuEventTail {
  private offset = 0;
  private partial = '';
  private timer?: NodeJS.Timeout;

  constructor(private readonly path: string, private readonly onEvent: (event: SimEvent) => void, private readonly intervalMs = 4) {}

  start(): void {
    this.timer = setInterval(() => this.readNew(), this.intervalMs);
  }

  /** Reads whatever has been appended since the last call. */
  readNew(): void {
    if (!existsSync(this.path)) return;
    const fd = openSync(this.path, 'r');
    try {
      const chunk = Buffer.alloc(64 * 1024);
      for (;;) {
        const count = readSync(fd, chunk, 0, chunk.length, this.offset);
        if (count <= 0) break;
        this.offset += count;
        this.partial += chunk.subarray(0, count).toString('utf8');
      }
    } finally {
      closeSync(fd);
    }
    const lines = this.partial.split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) this.onEvent(JSON.parse(line) as SimEvent);
  }

  stop(): void {
    clearInterval(this.timer);
    this.readNew();
  }
}
