// A clock that moves only when told: unit tests advance it and every sleep due by then wakes, in
// order of its due time, so no test waits on (or asserts) the wall clock. Behind the Clock port,
// like systemClock.
import type { Clock } from '../../core/ports/clock.js';

interface Sleeper {
  dueAt: number;
  order: number;
  wake(): void;
}

export class ManualClock implements Clock {
  private current: number;
  private sleepers: Sleeper[] = [];
  private order = 0;
  private sleepListeners: (() => void)[] = [];

  constructor(startAt = 0) {
    this.current = startAt;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const sleeper: Sleeper = {
        dueAt: this.current + Math.max(0, ms),
        order: this.order++,
        wake: () => {
          signal?.removeEventListener('abort', sleeper.wake);
          this.sleepers = this.sleepers.filter((other) => other !== sleeper);
          resolve();
        },
      };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', sleeper.wake, { once: true });
      for (const listener of this.sleepListeners) listener();
    });
  }

  /** Sleeps not yet woken (a test can wait for the code under test to start one). */
  get pendingSleeps(): number {
    return this.sleepers.length;
  }

  /** When the earliest sleep not yet woken falls due; undefined when nothing sleeps. */
  get nextDueAt(): number | undefined {
    return this.nextDue(Infinity)?.dueAt;
  }

  /** Calls `listener` whenever code starts a sleep (a driver that moves time when the code waits). */
  onSleep(listener: () => void): () => void {
    this.sleepListeners.push(listener);
    return () => {
      this.sleepListeners = this.sleepListeners.filter((other) => other !== listener);
    };
  }

  /**
   * Moves time on by `ms`, waking each sleep due on the way at its own time, earliest first; the
   * woken code runs (its promise callbacks settle) before the next one wakes, so a sleep it starts
   * that falls due within the same advance wakes too.
   */
  async advance(ms: number): Promise<void> {
    if (!(ms >= 0)) throw new Error(`ManualClock.advance takes milliseconds >= 0; got ${ms}`);
    const until = this.current + ms;
    for (let next = this.nextDue(until); next; next = this.nextDue(until)) {
      this.current = next.dueAt;
      next.wake();
      await settle();
    }
    this.current = until;
    await settle();
  }

  private nextDue(until: number): Sleeper | undefined {
    return this.sleepers
      .filter((sleeper) => sleeper.dueAt <= until)
      .sort((a, b) => a.dueAt - b.dueAt || a.order - b.order)[0];
  }
}

/** Lets promise callbacks queued by a wake run: a macrotask turn comes after every microtask. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
