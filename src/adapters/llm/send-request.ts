// The request cycle both adapters share: POST, classify a failure, check the answer's shape,
// and retry what is worth retrying. The adapters only map shapes.
import type { z } from 'zod';
import { LlmError } from '../../core/ports/llm.js';
import type { LlmAdapterOptions } from './adapter-options.js';
import { classifyHttpError } from './classify-http-error.js';
import { postJson } from './post-json.js';
import { checkEgress } from './egress.js';
import { withRetries } from './retry.js';
import { realSleep } from './sleep.js';

export interface SendRequest<T> {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  schema: z.ZodType<T>;
  options: LlmAdapterOptions;
  signal?: AbortSignal;
}

export async function sendRequest<T>(request: SendRequest<T>): Promise<T> {
  const { options } = request;
  return withRetries(() => attemptOnce(request), {
    maxRetries: options.maxRetries,
    sleep: options.sleep ?? realSleep,
    random: options.random ?? Math.random,
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(request.signal ? { signal: request.signal } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });
}

async function attemptOnce<T>(request: SendRequest<T>): Promise<T> {
  // Before anything is sent: only the configured endpoint (egress.ts).
  checkEgress(request.url, request.options.baseUrl);
  const reply = await postJson({
    url: request.url,
    headers: request.headers,
    body: request.body,
    timeoutMs: request.options.timeoutMs,
    provider: request.provider,
    ...(request.signal ? { signal: request.signal } : {}),
    ...(request.options.fetch ? { fetch: request.options.fetch } : {}),
  });
  if (reply.status >= 400) {
    throw classifyHttpError(reply.status, reply.headers, reply.text, {
      provider: request.provider,
      apiKeyEnv: request.options.apiKeyEnv,
      baseUrl: request.options.baseUrl,
    });
  }
  return parseAnswer(reply.text, request);
}

function parseAnswer<T>(text: string, request: SendRequest<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw unexpected(request, `the answer is not JSON: ${text.slice(0, 200)}`);
  }
  const checked = request.schema.safeParse(json);
  if (!checked.success) {
    const first = checked.error.issues[0];
    throw unexpected(
      request,
      `the answer lacks ${first ? `${first.path.join('.') || '(root)'} (${first.message})` : 'expected fields'}`,
    );
  }
  return checked.data;
}

/** A 2xx we cannot read: usually a proxy or the wrong kind of server at llm.baseUrl. */
function unexpected(request: SendRequest<unknown>, what: string): LlmError {
  return new LlmError(
    'server',
    `${request.provider}: unexpected answer from ${request.url}: ${what}. Is llm.baseUrl pointing at a ${request.provider} server?`,
    undefined,
    undefined,
    request.provider,
  );
}
