// Exponential backoff with jitter: many clients hitting one rate limit must not come back in
// lockstep, and a server that said when to come back is believed (within reason).
import { equalJitterDelayMs } from '../../core/backoff/equal-jitter.js';

export interface BackoffPolicy {
  /** Delay before the first retry, before jitter. */
  baseDelayMs: number;
  /** No computed delay grows past this. */
  maxDelayMs: number;
  /**
   * The longest server-requested wait we sit through. Longer than this and we give up at
   * once: a bench run should surface "rate limited for 10 minutes", not hang silently.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseDelayMs: 500, maxDelayMs: 20_000, maxRetryAfterMs: 60_000 };

/**
 * The wait before retry number `retryIndex` (0 for the first retry). "Equal jitter": half the
 * exponential step is fixed and half is random, so waits still grow but never synchronise.
 */
export function backoffDelayMs(retryIndex: number, policy: BackoffPolicy, random: () => number): number {
  return equalJitterDelayMs(retryIndex, policy.baseDelayMs, policy.maxDelayMs, random);
}

/** The server's wait when it gave one we accept, else our own backoff; null means give up. */
export function chooseDelayMs(
  retryIndex: number,
  retryAfterMs: number | undefined,
  policy: BackoffPolicy,
  random: () => number,
): number | null {
  if (retryAfterMs === undefined) return backoffDelayMs(retryIndex, policy, random);
  return retryAfterMs <= policy.maxRetryAfterMs ? retryAfterMs : null;
}
