// setTimeout and setInterval on the Clock port: the same callbacks, but time is the clock's, so
// code built on them (the MCU link's reply timeouts, heartbeat and reconnects) runs on the manual
// clock in a unit test and on the system clock in a run.
import type { Clock } from '../ports/clock.js';

export interface ClockTimer {
  /** Stops it; a timer that already fired, or was cancelled, ignores this. */
  cancel(): void;
}

/** Calls `fire` once, `ms` from now on `clock`, unless cancelled first. */
export function after(clock: Clock, ms: number, fire: () => void): ClockTimer {
  const cancelled = new AbortController();
  void clock.sleep(ms, cancelled.signal).then(() => {
    if (!cancelled.signal.aborted) fire();
  });
  return { cancel: () => cancelled.abort() };
}

/** Calls `fire` every `ms` on `clock` (the next wait starts when one fires) until cancelled. */
export function every(clock: Clock, ms: number, fire: () => void): ClockTimer {
  let current: ClockTimer;
  let stopped = false;
  const schedule = () => {
    current = after(clock, ms, () => {
      if (stopped) return;
      schedule();
      fire();
    });
  };
  schedule();
  return {
    cancel: () => {
      stopped = true;
      current.cancel();
    },
  };
}
