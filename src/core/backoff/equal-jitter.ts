// The one backoff formula (LLM retries and MQTT reconnects both wait by it): the step doubles per
// attempt up to a cap, and "equal jitter" (half the step fixed, half random) keeps many clients
// from coming back in lockstep while the waits still grow measurably.

/** The wait before attempt `attempt` (0 for the first retry); `random` returns [0, 1). */
export function equalJitterDelayMs(
  attempt: number,
  firstDelayMs: number,
  maxDelayMs: number,
  random: () => number,
): number {
  // The exponent is capped so a long outage's attempt count cannot overflow to Infinity * 0.
  const step = Math.min(maxDelayMs, firstDelayMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (step / 2) * random());
}
