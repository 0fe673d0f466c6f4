// The harness's virtual time (test/support/idle-time.ts): the clock jumps to the next sleep only
// when the code waits on it and nothing tracked is at work, so a time limit racing real work (an
// fsync, an LLM answer) cannot fire before the work settles, however slow the machine.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { advanceWhenIdle } from '../../support/idle-time.js';

describe('virtual time that moves when the code waits', () => {
  it('wakes a sleep at its due time without anyone advancing the clock', async () => {
    const clock = new ManualClock(1000);
    const idle = advanceWhenIdle(clock);
    await clock.sleep(250);
    expect(clock.now()).toBe(1250);
    await clock.sleep(0);
    expect(clock.now()).toBe(1250);
    idle.stop();
  });

  it('wakes sleeps in their order, each at its own time', async () => {
    const clock = new ManualClock(0);
    const idle = advanceWhenIdle(clock);
    const woke: [string, number][] = [];
    await Promise.all(
      (
        [
          ['late', 300],
          ['early', 100],
        ] as const
      ).map(([name, ms]) => clock.sleep(ms).then(() => woke.push([name, clock.now()]))),
    );
    expect(woke).toEqual([
      ['early', 100],
      ['late', 300],
    ]);
    idle.stop();
  });

  it('holds time still while tracked work is in flight, then lets the limit race go on', async () => {
    const clock = new ManualClock(0);
    const idle = advanceWhenIdle(clock);
    let finishWork!: (value: string) => void;
    const work = idle.track(() => new Promise<string>((resolve) => (finishWork = resolve)));
    const limit = clock.sleep(5000).then(() => 'limit');
    // Real turns pass (as they would during a slow fsync); virtual time must not.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.now()).toBe(0);
    finishWork('work');
    expect(await Promise.race([work, limit])).toBe('work');
    await limit; // with the work done, the clock moves on to the limit by itself
    expect(clock.now()).toBe(5000);
    idle.stop();
  });

  it('tracks every promise-returning method of an object and leaves the rest alone', async () => {
    const clock = new ManualClock(0);
    const idle = advanceWhenIdle(clock);
    let release!: () => void;
    const store = idle.trackAll({
      name: 'store',
      size: () => 3,
      save: () => new Promise<void>((resolve) => (release = resolve)),
    });
    expect(store.name).toBe('store');
    expect(store.size()).toBe(3);
    const saved = store.save();
    void clock.sleep(100);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.now()).toBe(0);
    release();
    await saved;
    await clock.sleep(0);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.now()).toBe(100);
    idle.stop();
  });

  it('stands still after stop', async () => {
    const clock = new ManualClock(0);
    const idle = advanceWhenIdle(clock);
    idle.stop();
    void clock.sleep(100);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(clock.now()).toBe(0);
    expect(clock.pendingSleeps).toBe(1);
  });
});
