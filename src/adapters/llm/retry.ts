// Runs one attempt at a time until it succeeds, fails for good, or the attempts run out.
// Only LlmErrors the port calls retryable are tried again: auth, bad requests and context
// overflows fail at once (the same request would fail the same way).
import { LlmError } from '../../core/ports/llm.js';
import { chooseDelayMs, DEFAULT_BACKOFF, type BackoffPolicy } from './backoff.js';
import type { Sleep } from './sleep.js';

export interface RetryEvent {
  /** 1 for the first retry. */
  retry: number;
  delayMs: number;
  error: LlmError;
}

export interface RetryOptions {
  /** Retries after the first attempt; 0 means try once. */
  maxRetries: number;
  sleep: Sleep;
  random: () => number;
  backoff?: BackoffPolicy;
  signal?: AbortSignal;
  /** Told before each wait, for logs and the audit trail. */
  onRetry?: (event: RetryEvent) => void;
}

export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  const policy = options.backoff ?? DEFAULT_BACKOFF;
  for (let retryIndex = 0; ; retryIndex += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof LlmError) || !error.retryable) throw error;
      const delayMs =
        retryIndex < options.maxRetries ? chooseDelayMs(retryIndex, error.retryAfterMs, policy, options.random) : null;
      if (delayMs === null) throw gaveUp(error, retryIndex + 1);
      options.onRetry?.({ retry: retryIndex + 1, delayMs, error });
      await options.sleep(delayMs, options.signal);
    }
  }
}

/** The last error, saying how many attempts were made so the reader knows retrying happened. */
function gaveUp(error: LlmError, attempts: number): LlmError {
  if (attempts === 1 && error.retryAfterMs === undefined) return error;
  const waited =
    error.retryAfterMs !== undefined ? ` (server asked to wait ${Math.ceil(error.retryAfterMs / 1000)} s)` : '';
  return new LlmError(
    error.kind,
    `${error.message} [gave up after ${attempts} attempt${attempts === 1 ? '' : 's'}${waited}]`,
    error.status,
    error.retryAfterMs,
    error.provider,
    {
      ...(error.promptTokens !== undefined ? { promptTokens: error.promptTokens } : {}),
      ...(error.limitTokens !== undefined ? { limitTokens: error.limitTokens } : {}),
    },
  );
}
