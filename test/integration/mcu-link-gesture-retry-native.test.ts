// Exactly once under retransmission, over a real pty to the real firmware: the MCU's replies
// to a swipe are lost on the way back, so the link sends the same frame again (same seq,
// same id) until it hears an answer; the MCU's ledger answers instead of swiping twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { serialOpener, type LineTransport } from '../../src/adapters/mcu-serial/transport.js';
import { simContacts } from '../support/sim-contacts.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';

// Swallows every reply to command `id` until `dropped` replies are gone.
function lossyOpener(state: { id: number; dropped: number; toDrop: number }) {
  const open = serialOpener();
  return async (path: string): Promise<LineTransport> => {
    const inner = await open(path);
    return {
      ...inner,
      onLine: (listener) =>
        inner.onLine((line) => {
          const [, , id] = line.split(' ');
          if (state.id > 0 && Number(id) === state.id && state.dropped < state.toDrop) return void state.dropped++;
          listener(line);
        }),
    };
  };
}

describe('serial link: a swipe under retransmission', () => {
  let sim: SimFixture;
  beforeAll(async () => {
    sim = await startSimMcu();
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('is executed once when its RCVD and DONE are lost and the link re-sends it byte for byte', async () => {
    const state = { id: 0, dropped: 0, toDrop: 2 };
    const sent: string[] = [];
    const link = await McuLink.connect({
      path: sim.mcu.path,
      commandIds: new MemoryCommandIds(),
      open: lossyOpener(state),
      replyTimeoutMs: 150,
      trace: (direction, line) => {
        if (direction === 'tx') sent.push(line);
      },
    });
    try {
      const id = await link.allocateCommandId();
      state.id = id;
      const outcome = await link.swipe(
        {
          path: [
            { x: 540, y: 1900 },
            { x: 540, y: 700 },
          ],
          durationMs: 200,
        },
        { id },
      );
      expect(['done', 'already']).toContain(outcome.kind);
      expect(state.dropped).toBe(2);
      const frames = sent.filter((line) => line.includes(' SWIPE '));
      expect(frames.length).toBeGreaterThan(1);
      expect(new Set(frames).size).toBe(1); // every send the same bytes
      const swipes = simContacts(sim.events()).filter((c) => c.path.length > 1);
      expect(swipes).toHaveLength(1);
      expect(swipes[0]!.lifted).toBe(true);
    } finally {
      await link.close();
    }
  });
});
