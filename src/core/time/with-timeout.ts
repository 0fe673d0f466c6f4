// The one bound on work that may never answer (a worker that never starts, a broker that never
// replies, a tool that hangs): the work's own result, or a TimeoutError once `ms` have passed on
// the given clock. On the Clock port, so a test on the manual clock decides when time is up; the
// timer stops as soon as the work settles, so nothing keeps the process alive after it.
import type { Clock } from '../ports/clock.js';

export class TimeoutError extends Error {
  /** A discriminator that survives being passed across modules (node-serialport's style). */
  readonly timedOut = true;
}

export function isTimeout(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}

/** `what` names the work in the error: "<what>: no answer within <ms> ms". */
export async function withTimeout<T>(work: Promise<T>, ms: number, what: string, clock: Clock): Promise<T> {
  const settled = new AbortController();
  const timeout = new Promise<never>((_, reject) => {
    void clock.sleep(ms, settled.signal).then(() => {
      if (!settled.signal.aborted) reject(new TimeoutError(`${what}: no answer within ${ms} ms`));
    });
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    settled.abort();
  }
}
