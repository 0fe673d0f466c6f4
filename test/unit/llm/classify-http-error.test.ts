import { describe, expect, it } from 'vitest';
import { classifyHttpError } from '../../../src/adapters/llm/classify-http-error.js';

const context = {
  provider: 'openai-compatible',
  apiKeyEnv: 'OPENAI_API_KEY',
  baseUrl: 'http://localhost:8080',
  nowMs: Date.parse('2026-01-01T00:00:00Z'),
};
const classify = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  classifyHttpError(status, new Headers(headers), typeof body === 'string' ? body : JSON.stringify(body), context);

describe('classifyHttpError', () => {
  it('maps statuses to kinds', () => {
    expect(classify(401, { error: { message: 'bad key' } }).kind).toBe('auth');
    expect(classify(403, { error: { message: 'forbidden' } }).kind).toBe('auth');
    expect(classify(429, { error: { message: 'slow' } }).kind).toBe('rate_limit');
    expect(classify(408, 'timeout').kind).toBe('timeout');
    expect(classify(500, 'oops').kind).toBe('server');
    expect(classify(529, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }).kind).toBe(
      'server',
    );
    expect(classify(400, { error: { message: 'bad' } }).kind).toBe('bad_request');
    expect(classify(422, { detail: 'unprocessable' }).kind).toBe('bad_request');
  });

  it('says which variable holds the refused key', () => {
    const error = classify(401, { error: { message: 'Incorrect API key provided' } });
    expect(error.message).toContain('OPENAI_API_KEY');
    expect(error.message).toContain('Incorrect API key provided');
    expect(error.retryable).toBe(false);
  });

  it('treats an exhausted quota as final, not as a rate limit', () => {
    const error = classify(429, {
      error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
    });
    expect(error.kind).toBe('auth');
    expect(error.message).toMatch(/billing/);
  });

  it('reads retry-after as seconds, as a date, and retry-after-ms first', () => {
    expect(classify(429, {}, { 'retry-after': '3' }).retryAfterMs).toBe(3000);
    expect(classify(503, {}, { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }).retryAfterMs).toBe(5000);
    expect(classify(429, {}, { 'retry-after': '3', 'retry-after-ms': '1500' }).retryAfterMs).toBe(1500);
    expect(classify(429, {}).retryAfterMs).toBeUndefined();
  });

  it('recognises an overflow by its wording whatever the status, and never retries it', () => {
    const old = classify(500, { error: { code: 500, message: 'context size exceeded', type: 'server_error' } });
    expect(old.kind).toBe('context_overflow');
    expect(old.retryable).toBe(false);
    const llamacpp = classify(400, {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: 4476,
        n_ctx: 4096,
      },
    });
    expect(llamacpp).toMatchObject({ kind: 'context_overflow', promptTokens: 4476, limitTokens: 4096, status: 400 });
    expect(llamacpp.message).toContain('prompt 4476 tokens, limit 4096');
  });

  it('counts a 413 (request body too large) as an overflow', () => {
    expect(
      classify(413, {
        type: 'error',
        error: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
      }).kind,
    ).toBe('context_overflow');
  });

  it('reads Ollama, vLLM and HTML error bodies', () => {
    expect(classify(404, { error: 'model "qwen3" not found, try pulling it first' }).message).toContain(
      'model "qwen3" not found',
    );
    expect(classify(404, { error: 'x' }).message).toContain('llm.baseUrl');
    expect(
      classify(400, { object: 'error', message: 'bad tool schema', type: 'BadRequestError', code: 400 }).message,
    ).toContain('bad tool schema');
    expect(classify(502, '<html><body><h1>502 Bad Gateway</h1></body></html>').message).toContain('502 Bad Gateway');
    expect(classify(500, '').message).toContain('(empty body)');
  });
});
