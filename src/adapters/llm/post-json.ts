// One HTTP attempt: POST a JSON body and read the whole answer, within a time limit that is
// combined with the caller's signal. Failures before an HTTP status become LlmErrors of kind
// 'timeout' or 'network'; the caller's own cancel is passed through untouched (it is not an
// LLM failure and must not be retried).
import { LlmError } from '../../core/ports/llm.js';

export type Fetch = typeof fetch;

export interface PostJsonOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
  provider: string;
  signal?: AbortSignal;
  fetch?: Fetch;
}

export interface HttpReply {
  status: number;
  headers: Headers;
  text: string;
}

export async function postJson(options: PostJsonOptions): Promise<HttpReply> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(options.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(options.body),
      signal,
      // A redirect would be a request to another address: never followed (see egress.ts).
      redirect: 'error',
    });
    // The body is read under the same signal: a server that stalls mid-answer times out too.
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason;
    if (timeout.aborted) {
      throw new LlmError(
        'timeout',
        `${options.provider}: no answer from ${options.url} within ${options.timeoutMs} ms. A slow local model may need a larger llm.timeoutMs; a hosted one may be overloaded.`,
        undefined,
        undefined,
        options.provider,
      );
    }
    throw new LlmError(
      'network',
      `${options.provider}: could not reach ${options.url}: ${describeNetworkError(error)}. Is the server running and is llm.baseUrl right?`,
      undefined,
      undefined,
      options.provider,
    );
  }
}

/** undici hides the useful part ("ECONNREFUSED 127.0.0.1:11434") in error.cause. */
function describeNetworkError(error: unknown): string {
  const outer = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: string }).code;
    return `${outer} (${code ? `${code}: ` : ''}${cause.message})`;
  }
  return outer;
}
