// How long to wait before reconnecting. mqtt.js retries at a fixed period (reconnectPeriod), so a
// fleet of benches would hit a restarted broker in lockstep, for ever, every second; here the
// wait doubles per failed attempt up to a cap, and "equal jitter" (half fixed, half random) keeps
// benches from synchronising while still growing measurably.
import { equalJitterDelayMs } from '../../core/backoff/equal-jitter.js';

export interface ReconnectBackoff {
  /** Wait before the first reconnect attempt, before jitter. */
  initialDelayMs: number;
  /** No wait grows past this. */
  maxDelayMs: number;
  /** A connection that stayed up this long resets the backoff; a flapping one keeps backing off. */
  stableAfterMs: number;
}

export const DEFAULT_RECONNECT_BACKOFF: ReconnectBackoff = {
  initialDelayMs: 1000,
  maxDelayMs: 60_000,
  stableAfterMs: 10_000,
};

/** The wait before reconnect attempt `attempt` (0 for the first after a loss). */
export function reconnectDelayMs(attempt: number, backoff: ReconnectBackoff, random: () => number): number {
  return equalJitterDelayMs(attempt, backoff.initialDelayMs, backoff.maxDelayMs, random);
}
