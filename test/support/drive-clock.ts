// Moves a ManualClock on until something the test waits for has happened: the code under test
// sleeps on the clock, so only virtual time passes, however slow the machine. Time moves only
// while the code is asleep on the clock; while it works (renders a frame, fsyncs the journal)
// the driver yields real turns instead, so a slow machine never turns into a virtual timeout.
import type { ManualClock } from '../../src/adapters/clock/manual-clock.js';

export async function advanceUntil(
  clock: ManualClock,
  condition: () => boolean,
  options: { stepMs?: number; limitMs?: number; what?: string } = {},
): Promise<void> {
  const { stepMs = 20, limitMs = 30_000, what = 'the condition' } = options;
  const start = clock.now();
  while (!condition()) {
    if (clock.now() - start >= limitMs) throw new Error(`${what} was not met within ${limitMs} ms of the manual clock`);
    if (clock.pendingSleeps > 0) await clock.advance(stepMs);
    else await new Promise((resolve) => setTimeout(resolve, 1)); // working, not sleeping: a real turn
  }
}
