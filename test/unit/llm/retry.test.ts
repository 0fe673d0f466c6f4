import { describe, expect, it } from 'vitest';
import { LlmError } from '../../../src/core/ports/llm.js';
import { backoffDelayMs, chooseDelayMs, DEFAULT_BACKOFF } from '../../../src/adapters/llm/backoff.js';
import { parseRetryAfterMs } from '../../../src/adapters/llm/retry-after.js';
import { withRetries } from '../../../src/adapters/llm/retry.js';

function failing(errors: unknown[], result = 'ok') {
  let calls = 0;
  const attempt = async () => {
    const error = errors[calls];
    calls += 1;
    if (error !== undefined) throw error;
    return result;
  };
  return { attempt, calls: () => calls };
}

const recorder = () => {
  const sleeps: number[] = [];
  return {
    sleeps,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  };
};

describe('backoff', () => {
  it('grows exponentially with equal jitter and stays under the cap', () => {
    const policy = { baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };
    expect([0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, policy, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((n) => backoffDelayMs(n, policy, () => 1))).toEqual([100, 200, 400, 800, 1000]);
  });

  it('believes retry-after up to a limit, and gives up beyond it', () => {
    expect(chooseDelayMs(0, 30_000, DEFAULT_BACKOFF, () => 0.5)).toBe(30_000);
    expect(chooseDelayMs(0, 600_000, DEFAULT_BACKOFF, () => 0.5)).toBeNull();
  });

  it('parses retry-after forms and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfterMs(new Headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:10 GMT' }), now)).toBe(10_000);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'Wed, 31 Dec 2025 00:00:00 GMT' }), now)).toBe(0);
    expect(parseRetryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(new Headers({ 'retry-after-ms': 'x', 'retry-after': '2' }), now)).toBe(2000);
  });
});

describe('withRetries', () => {
  it('retries retryable errors, then returns the result', async () => {
    const { sleeps, sleep } = recorder();
    const { attempt, calls } = failing([
      new LlmError('server', 'a'),
      new LlmError('network', 'b'),
      new LlmError('timeout', 'c'),
    ]);
    expect(await withRetries(attempt, { maxRetries: 3, sleep, random: () => 0 })).toBe('ok');
    expect(calls()).toBe(4);
    expect(sleeps).toEqual([250, 500, 1000]);
  });

  it('never retries auth, bad requests, overflows or foreign errors', async () => {
    for (const error of [
      new LlmError('auth', 'k'),
      new LlmError('bad_request', 'b'),
      new LlmError('context_overflow', 'o'),
      new TypeError('bug'),
    ]) {
      const { sleeps, sleep } = recorder();
      const { attempt, calls } = failing([error]);
      await expect(withRetries(attempt, { maxRetries: 3, sleep, random: () => 0 })).rejects.toBe(error);
      expect(calls()).toBe(1);
      expect(sleeps).toEqual([]);
    }
  });

  it('gives up at once when the server asks for a wait longer than we accept', async () => {
    const { sleeps, sleep } = recorder();
    const { attempt } = failing([new LlmError('rate_limit', 'slow down', 429, 10 * 60_000, 'anthropic')]);
    const error = await withRetries(attempt, { maxRetries: 3, sleep, random: () => 0 }).catch(
      (caught: LlmError) => caught,
    );
    expect(error).toMatchObject({ kind: 'rate_limit', status: 429, retryAfterMs: 600_000 });
    expect((error as LlmError).message).toMatch(/server asked to wait 600 s/);
    expect(sleeps).toEqual([]);
  });

  it('tells onRetry about each wait', async () => {
    const events: number[] = [];
    const { attempt } = failing([new LlmError('rate_limit', 'x', 429, 700)]);
    await withRetries(attempt, {
      maxRetries: 1,
      sleep: async () => {},
      random: () => 0,
      onRetry: (event) => events.push(event.retry, event.delayMs),
    });
    expect(events).toEqual([1, 700]);
  });

  it('stops waiting when the signal aborts during a backoff', async () => {
    const controller = new AbortController();
    const { realSleep } = await import('../../../src/adapters/llm/sleep.js');
    const { attempt, calls } = failing([new LlmError('server', 'x')]);
    // Aborted once the 60 s backoff has begun (onRetry comes just before it), not after a guessed delay.
    const abortDuringBackoff = () => setImmediate(() => controller.abort(new Error('cancelled')));
    await expect(
      withRetries(attempt, {
        maxRetries: 3,
        sleep: realSleep,
        random: () => 1,
        onRetry: abortDuringBackoff,
        backoff: { baseDelayMs: 60_000, maxDelayMs: 60_000, maxRetryAfterMs: 1 },
        signal: controller.signal,
      }),
    ).rejects.toThrow('cancelled');
    expect(calls()).toBe(1);
  });
});
