// Virtual time that passes by itself, but only while the code under test is waiting on the clock:
// when some code sleeps and nothing else is at work (no tracked I/O in flight, no promise callback
// still queued after a few event-loop turns), the clock jumps to the earliest sleep's due time.
// A run on the agent harness then takes as long as the device says (a 300 ms animation is 300 ms of
// virtual time) however busy the machine is, and a tool's time limit can never fire while a real
// fsync is still on its way to the disk: the store's calls are tracked as work.
import type { ManualClock } from '../../src/adapters/clock/manual-clock.js';

/** Event-loop turns with nothing new before the clock moves: promise chains settle within one. */
const QUIET_TURNS = 3;

export interface IdleTime {
  /** Runs `work` as real work: the clock stands still until it settles. */
  track<T>(work: () => Promise<T>): Promise<T>;
  /** Wraps every promise-returning method of `target` in track(). */
  trackAll<T extends object>(target: T): T;
  /** Stops moving the clock (sleeps still pending stay asleep). */
  stop(): void;
}

export function advanceWhenIdle(clock: ManualClock): IdleTime {
  let working = 0;
  let checking = false;
  let stopped = false;
  let generation = 0; // bumped by every sign of life, so a check that saw one starts over

  const check = async () => {
    if (checking || stopped) return;
    checking = true;
    try {
      for (;;) {
        const seen = generation;
        for (let turn = 0; turn < QUIET_TURNS; turn++) await nextTurn();
        if (stopped || working > 0) return; // the end of the work checks again
        if (generation !== seen) continue;
        const dueAt = clock.nextDueAt;
        if (dueAt === undefined) return; // nothing waits; the next sleep checks again
        await clock.advance(Math.max(0, dueAt - clock.now()));
      }
    } finally {
      checking = false;
    }
  };
  const poke = () => {
    generation++;
    void check();
  };
  const unsubscribe = clock.onSleep(poke);

  const track = async <T>(work: () => Promise<T>): Promise<T> => {
    working++;
    generation++;
    try {
      return await work();
    } finally {
      working--;
      poke();
    }
  };

  return {
    track,
    trackAll: <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          const value = Reflect.get(object, key, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const result = value.apply(object, args);
            return result instanceof Promise ? track(() => result) : result;
          };
        },
      }),
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
