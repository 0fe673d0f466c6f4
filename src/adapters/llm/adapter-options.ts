// What both adapters are built from: the resolved configuration plus the things tests inject.
import type { BackoffPolicy } from './backoff.js';
import type { Fetch } from './post-json.js';
import type { RetryEvent } from './retry.js';
import type { Sleep } from './sleep.js';

export interface LlmAdapterOptions {
  /** Server root: https://api.anthropic.com, or https://api.openai.com/v1, http://localhost:11434/v1 ... */
  baseUrl: string;
  model: string;
  /** The key itself; absent for local servers that need none. */
  apiKey?: string;
  /** Where the key came from, named in auth errors. */
  apiKeyEnv: string;
  contextWindow?: number;
  /** Caps each request's maxOutputTokens (a small local model may accept fewer than the loop asks). */
  maxOutputTokens?: number;
  /** Per attempt, from sending to the last byte of the answer. */
  timeoutMs: number;
  /** Retries after the first attempt, for rate limits, 5xx, network errors and timeouts. */
  maxRetries: number;
  /** Off: images are replaced by a note (text-only models). */
  sendImages: boolean;
  sleep?: Sleep;
  random?: () => number;
  fetch?: Fetch;
  backoff?: BackoffPolicy;
  onRetry?: (event: RetryEvent) => void;
}

/** Joins a base URL and a path without doubling or losing the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
