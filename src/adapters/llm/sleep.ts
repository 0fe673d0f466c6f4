// The one place the adapters wait. Injected everywhere so tests never really sleep, and
// abortable so Ctrl-C during a backoff ends the run at once.
import { setTimeout as delay } from 'node:timers/promises';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, signal ? { signal } : {});
  } catch (error) {
    // Rethrow the caller's own reason, as a cancelled request does (post-json.ts).
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
};
