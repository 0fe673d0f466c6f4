// The MCU link's timing on the manual clock (McuLink's `clock` option): the heartbeat's period, a
// command's reply timeout and its last try, and the reconnect interval after the line drops. The
// scripted MCU answers on the next turn, never on a timer, so only the clock decides what is late.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { MemoryCommandIds } from '../../../src/adapters/mcu-serial/command-ids.js';
import { McuLink } from '../../../src/adapters/mcu-serial/link.js';
import type { McuEvent } from '../../../src/core/ports/mcu.js';
import { ScriptedLineMcu } from '../../support/scripted-line-mcu.js';
import { until } from '../../support/until.js';

async function connected(options: { heartbeatMs?: number; replyTimeoutMs?: number; maxSends?: number } = {}) {
  const clock = new ManualClock();
  const mcu = new ScriptedLineMcu();
  const events: McuEvent[] = [];
  const received: string[] = [];
  const link = await McuLink.connect({
    path: '/dev/scripted',
    commandIds: new MemoryCommandIds(),
    open: mcu.open,
    clock,
    heartbeatMs: 60_000,
    reconnectIntervalMs: 500,
    trace: (direction, line) => direction === 'rx' && received.push(line),
    ...options,
  });
  link.onEvent((event) => events.push(event));
  return { clock, mcu, link, events, received };
}

describe('the MCU link on the manual clock', () => {
  it('sends a heartbeat every heartbeatMs of the clock, and none before', async () => {
    const { clock, mcu, link, received } = await connected({ heartbeatMs: 250 });
    const answered = received.length;
    await clock.advance(249);
    expect(mcu.sent('PING')).toBe(0);
    await clock.advance(1);
    expect(mcu.sent('PING')).toBe(1);
    // Answered before the next one is due, so no reply timeout adds a second PING.
    await until(() => received.length === answered + 1, 10_000, 'the PING to be answered');
    await clock.advance(750);
    expect(mcu.sent('PING')).toBe(4);
    await link.close();
  });

  it('asks again after each reply timeout and gives up after maxSends tries, as indeterminate', async () => {
    const { clock, mcu, link } = await connected({ replyTimeoutMs: 300, maxSends: 3 });
    mcu.answering = false;
    let outcome: unknown;
    void link.tap({ x: 100, y: 200 }).then((result) => (outcome = result));
    await until(() => mcu.sent('TAP') === 1, 10_000, 'the TAP to be sent');
    await clock.advance(299);
    expect(mcu.sent('TAP')).toBe(1);
    await clock.advance(1);
    expect(mcu.sent('TAP')).toBe(2);
    await clock.advance(300);
    expect(mcu.sent('TAP')).toBe(3);
    expect(outcome).toBeUndefined();
    await clock.advance(300);
    await until(() => outcome !== undefined, 10_000, 'the TAP to end');
    expect(mcu.sent('TAP')).toBe(3);
    expect(outcome).toMatchObject({ kind: 'indeterminate', reason: 'no_reply' });
    await link.close();
  });

  it('reopens the port reconnectIntervalMs after the line drops, and shakes hands again', async () => {
    const { clock, mcu, link, events } = await connected();
    mcu.drop();
    expect(events).toContainEqual(expect.objectContaining({ type: 'disconnected' }));
    await clock.advance(499);
    expect(mcu.opens).toBe(1);
    await clock.advance(1);
    expect(mcu.opens).toBe(2);
    await until(() => events.some((event) => event.type === 'reconnected'), 10_000, 'the link to shake hands again');
    expect(mcu.sent('HELLO')).toBe(2);
    expect(link.isConnected).toBe(true);
    await link.close();
  });
});
