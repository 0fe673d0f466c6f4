// The manual clock the unit tests run on: time moves only by advance(), sleeps wake in due order,
// an abort wakes a sleep at once, and call-tool's timeout follows it (no wall time involved).
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';

describe('ManualClock', () => {
  it('stands still until advanced', async () => {
    const clock = new ManualClock(1000);
    let woke = false;
    void clock.sleep(50).then(() => {
      woke = true;
    });
    // Deliberately real: 5 ms of wall time pass, and the manual clock must not notice them.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(clock.now()).toBe(1000);
    expect(woke).toBe(false);
    await clock.advance(49);
    expect(woke).toBe(false);
    await clock.advance(1);
    expect(woke).toBe(true);
    expect(clock.now()).toBe(1050);
  });

  it('wakes sleeps in order of their due time, each at its own time', async () => {
    const clock = new ManualClock();
    const woke: [string, number][] = [];
    for (const [name, ms] of [
      ['c', 30],
      ['a', 10],
      ['b', 20],
      ['a2', 10],
    ] as const)
      void clock.sleep(ms).then(() => woke.push([name, clock.now()]));
    await clock.advance(100);
    expect(woke).toEqual([
      ['a', 10],
      ['a2', 10],
      ['b', 20],
      ['c', 30],
    ]);
    expect(clock.now()).toBe(100);
  });

  it('wakes a sleep started by woken code when it falls due within the same advance', async () => {
    const clock = new ManualClock();
    const times: number[] = [];
    const loop = async () => {
      for (let i = 0; i < 3; i++) {
        await clock.sleep(10);
        times.push(clock.now());
      }
    };
    const done = loop();
    await clock.advance(25);
    expect(times).toEqual([10, 20]);
    await clock.advance(5);
    await done;
    expect(times).toEqual([10, 20, 30]);
  });

  it('wakes a sleep at once when its signal aborts, and never sleeps on an aborted signal', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const sleeping = clock.sleep(1_000_000, controller.signal);
    expect(clock.pendingSleeps).toBe(1);
    controller.abort();
    await sleeping;
    expect(clock.pendingSleeps).toBe(0);
    expect(clock.now()).toBe(0);
    await clock.sleep(10, controller.signal);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('tells when the next sleep falls due and who starts one', async () => {
    const clock = new ManualClock(100);
    const started: number[] = [];
    const unsubscribe = clock.onSleep(() => started.push(clock.pendingSleeps));
    expect(clock.nextDueAt).toBeUndefined();
    void clock.sleep(50);
    void clock.sleep(20);
    expect(clock.nextDueAt).toBe(120);
    expect(started).toEqual([1, 2]);
    await clock.advance(20);
    expect(clock.nextDueAt).toBe(150);
    unsubscribe();
    void clock.sleep(5);
    expect(started).toEqual([1, 2]);
  });

  it('refuses to go back in time', async () => {
    await expect(new ManualClock().advance(-1)).rejects.toThrow(/>= 0/);
  });
});
