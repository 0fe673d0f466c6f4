// Time as the core sees it: a monotonic clock and a cancellable sleep, so tests can drive the
// loop with a manual clock and deadlines never depend on the wall clock. Pure types.
export interface Clock {
  /** Monotonic milliseconds. */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
