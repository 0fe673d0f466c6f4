// A port that goes away during the handshake (the MCU killed, the cable pulled) fails the
// connect, and the half-made link must stop there: before, its transport's close scheduled a
// reconnect that nobody could cancel, so it went on reopening the port every interval. That
// kept `benchhand service` alive 30 s after SIGTERM in a loaded run, and a leaked link would
// have taken the MCU back from the next one. On fake timers: no wall time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryCommandIds } from '../../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../../src/adapters/mcu-serial/link.js';
import type { LineTransport } from '../../../src/adapters/mcu-serial/transport.js';

/** A port whose peer vanishes at the first real line: the write fails (EIO), then it reports closed. */
function vanishingPort(): LineTransport {
  const closed: ((reason: string) => void)[] = [];
  return {
    write: async (line) => {
      if (line === '') return;
      closed.forEach((listener) => listener('EIO: i/o error, write'));
      throw new Error('EIO: i/o error, write');
    },
    onLine: () => undefined,
    onClose: (listener) => void closed.push(listener),
    close: async () => undefined,
  };
}

describe('a connect that fails in the handshake', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('rejects, and the link it made opens the port no more', async () => {
    let opens = 0;
    const connecting = McuLink.connect({
      path: '/dev/ttyACM0',
      commandIds: new MemoryCommandIds(),
      reconnectIntervalMs: 10,
      open: async () => {
        opens++;
        return vanishingPort();
      },
    });
    const failed = expect(connecting).rejects.toThrow(/dropped|EIO|did not answer/);
    await vi.advanceTimersByTimeAsync(1000);
    await failed;
    const afterFailure = opens;
    expect(afterFailure).toBe(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(opens).toBe(afterFailure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
