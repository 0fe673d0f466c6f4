// Turns an HTTP error answer into the LlmError the loop acts on. Order matters: an overflow
// is recognised by its wording before its status (llama.cpp used to answer 500 for it, and
// retrying an overflow only burns time), and auth is never retried.
import { LlmError, type LlmErrorKind } from '../../core/ports/llm.js';
import { detectContextOverflow } from './context-overflow.js';
import { readErrorBody } from './error-body.js';
import { parseRetryAfterMs } from './retry-after.js';

export interface ErrorContext {
  /** 'anthropic' or 'openai-compatible', for messages and LlmError.provider. */
  provider: string;
  /** The environment variable the key came from, named in auth errors. */
  apiKeyEnv: string;
  baseUrl: string;
  nowMs?: number;
}

export function classifyHttpError(status: number, headers: Headers, text: string, context: ErrorContext): LlmError {
  const body = readErrorBody(text);
  const where = `${context.provider} HTTP ${status}: ${body.message}`;
  const overflow = detectContextOverflow(body.message, body.codes, pickSizes(body));
  if (overflow || status === 413) {
    const sizes = overflow ?? {};
    const numbers =
      sizes.promptTokens !== undefined && sizes.limitTokens !== undefined
        ? ` (prompt ${sizes.promptTokens} tokens, limit ${sizes.limitTokens})`
        : '';
    return make(
      'context_overflow',
      `${where}${numbers}. The prompt does not fit the model's context: compress the history or start a fresh session.`,
      status,
      undefined,
      context,
      sizes,
    );
  }
  if (status === 401 || status === 403) {
    return make(
      'auth',
      `${where}. The API key was refused: check the ${context.apiKeyEnv} environment variable (llm.apiKeyEnv names which variable is read) and that the key may use this model.`,
      status,
      undefined,
      context,
    );
  }
  if (body.codes.includes('insufficient_quota')) {
    // A 429 that waiting will not fix: the account is out of credit. Ending the run clearly
    // (like a bad key) beats retrying into the same wall.
    return make(
      'auth',
      `${where}. The account has no quota left: check billing for the key in ${context.apiKeyEnv}.`,
      status,
      undefined,
      context,
    );
  }
  const kind = kindForStatus(status);
  const retryAfterMs =
    kind === 'rate_limit' || kind === 'server' ? parseRetryAfterMs(headers, context.nowMs) : undefined;
  return make(kind, `${where}${hintFor(status, context)}`, status, retryAfterMs, context);
}

function kindForStatus(status: number): LlmErrorKind {
  if (status === 429) return 'rate_limit';
  if (status === 408) return 'timeout';
  // 529 is Anthropic's "overloaded"; every 5xx is the server's trouble and may pass.
  if (status >= 500) return 'server';
  return 'bad_request';
}

function hintFor(status: number, context: ErrorContext): string {
  if (status === 404)
    return `. Nothing answers there: check llm.baseUrl (${context.baseUrl}; OpenAI-compatible servers usually end in /v1) and llm.model.`;
  if (status === 429) return '. Rate limited; retried after the wait the server asks for, or a backoff.';
  if (status >= 500) return '. The server had trouble; this is retried.';
  return '. The request was rejected as it stands; retrying it unchanged will not help.';
}

function pickSizes(body: { promptTokens?: number; limitTokens?: number }) {
  return {
    ...(body.promptTokens !== undefined ? { promptTokens: body.promptTokens } : {}),
    ...(body.limitTokens !== undefined ? { limitTokens: body.limitTokens } : {}),
  };
}

function make(
  kind: LlmErrorKind,
  message: string,
  status: number,
  retryAfterMs: number | undefined,
  context: ErrorContext,
  sizes = {},
): LlmError {
  return new LlmError(kind, message, status, retryAfterMs, context.provider, sizes);
}
