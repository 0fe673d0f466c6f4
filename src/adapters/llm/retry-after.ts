// How long the server asked us to wait. `retry-after-ms` (OpenAI, Azure) is more precise than
// `retry-after`, which is either whole seconds or an HTTP date (RFC 9110 section 10.2.3).

export function parseRetryAfterMs(headers: Headers, nowMs: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms');
  if (milliseconds !== null && milliseconds.trim() !== '') {
    const value = Number(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null || retryAfter.trim() === '') return undefined;
  const seconds = Number(retryAfter);
  if (Number.isFinite(seconds)) return seconds >= 0 ? Math.round(seconds * 1000) : undefined;
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
