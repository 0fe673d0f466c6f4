// The one withTimeout (src/core/time/with-timeout.ts) on the manual clock: the work's own answer
// when it comes in time, a TimeoutError naming the work when it does not, and no timer left behind.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { isTimeout, TimeoutError, withTimeout } from '../../../src/core/time/with-timeout.js';

describe('withTimeout', () => {
  it("passes the work's answer through and stops its timer", async () => {
    const clock = new ManualClock();
    await expect(withTimeout(Promise.resolve(7), 1000, 'the answer', clock)).resolves.toBe(7);
    expect(clock.pendingSleeps).toBe(0);
  });

  it("passes the work's own failure through, not a timeout", async () => {
    const clock = new ManualClock();
    const failure = withTimeout(Promise.reject(new Error('refused')), 1000, 'the broker', clock);
    await expect(failure).rejects.toThrow('refused');
    await failure.catch((error: unknown) => expect(isTimeout(error)).toBe(false));
    expect(clock.pendingSleeps).toBe(0);
  });

  it('fails with a TimeoutError naming the work once the time has passed on the clock, not before', async () => {
    const clock = new ManualClock();
    let outcome: unknown = 'pending';
    withTimeout(new Promise<never>(() => undefined), 1000, 'the e-stop handler', clock).catch((error: unknown) => {
      outcome = error;
    });
    await clock.advance(999);
    expect(outcome).toBe('pending');
    await clock.advance(1);
    expect(outcome).toBeInstanceOf(TimeoutError);
    expect((outcome as TimeoutError).message).toBe('the e-stop handler: no answer within 1000 ms');
    expect((outcome as TimeoutError).timedOut).toBe(true);
  });
});
