// Egress: the LLM adapters call the configured endpoint and nothing else. Two real local servers
// stand in for "the endpoint" and "some other host" (another port is another origin); a third
// answers with a redirect to the other host. The other host must never receive a request.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adapterOptions, createLlm } from '../../../src/adapters/llm/create-llm.js';
import { checkEgress, EgressRefused } from '../../../src/adapters/llm/egress.js';
import { sendRequest } from '../../../src/adapters/llm/send-request.js';
import { resolveLlmConfig } from '../../../src/config/llm-section.js';
import { checkLlmEndpoint } from '../../../src/app/doctor/llm-endpoint-check.js';
import { FakeLlmServer } from '../../support/fake-llm-server.js';

let endpoint: FakeLlmServer;
let other: FakeLlmServer;
let redirector: Server;
let redirectorUrl: string;
beforeAll(async () => {
  endpoint = await FakeLlmServer.start();
  other = await FakeLlmServer.start();
  redirector = createServer((_request, response) => {
    response.writeHead(307, { location: `${other.baseUrl('openai')}/chat/completions` });
    response.end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await endpoint.close();
  await other.close();
  await new Promise((resolve) => redirector.close(resolve));
});

const request = {
  system: 's',
  tools: [],
  maxOutputTokens: 10,
  messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'hi' }] }],
};

describe('the LLM adapters call only the configured endpoint', () => {
  it('a request built for another host is refused before anything is sent', async () => {
    endpoint.reset();
    other.reset();
    const options = adapterOptions(
      resolveLlmConfig(
        {
          provider: 'openai-compatible',
          baseUrl: endpoint.baseUrl('openai'),
          model: 'm',
          requireApiKey: false,
          maxRetries: 0,
        },
        {},
      ),
    );
    const attempt = sendRequest({
      provider: 'openai-compatible',
      url: `${other.baseUrl('openai')}/chat/completions`,
      headers: {},
      body: {},
      schema: z.unknown(),
      options,
    });
    await expect(attempt).rejects.toBeInstanceOf(EgressRefused);
    await expect(attempt).rejects.toThrow(/is not the configured LLM endpoint \(http:\/\/127\.0\.0\.1:\d+/);
    expect(other.requests).toHaveLength(0);
    expect(endpoint.requests).toHaveLength(0);
  });

  it('the configured endpoint answers; a redirect to another host is not followed', async () => {
    endpoint.reset();
    other.reset();
    endpoint.script([{ text: 'hello' }]);
    const llm = createLlm({
      provider: 'openai-compatible',
      baseUrl: endpoint.baseUrl('openai'),
      model: 'm',
      requireApiKey: false,
      maxRetries: 0,
    });
    expect((await llm.complete(request)).content).toEqual([{ type: 'text', text: 'hello' }]);
    const redirected = createLlm({
      provider: 'openai-compatible',
      baseUrl: redirectorUrl,
      model: 'm',
      requireApiKey: false,
      maxRetries: 0,
    });
    await expect(redirected.complete(request)).rejects.toThrow(/could not reach/);
    expect(other.requests).toHaveLength(0);
  });

  it('the rule: same scheme, host and port, and a path at or below the base path', () => {
    const base = 'https://api.example.com/v1';
    expect(() => checkEgress('https://api.example.com/v1/chat/completions', base)).not.toThrow();
    for (const url of [
      'https://evil.example.com/v1/chat/completions',
      'http://api.example.com/v1/chat/completions',
      'https://api.example.com:8443/v1/x',
      'https://api.example.com/v2/chat',
      'https://api.example.com/v1x',
      'https://user:pw@api.example.com/v1/x',
      'not a url',
    ]) {
      expect(() => checkEgress(url, base), url).toThrow(EgressRefused);
    }
  });

  it('doctor shows the one endpoint, and never the key', () => {
    const shown = checkLlmEndpoint(
      { provider: 'anthropic', model: 'claude-x' },
      { ANTHROPIC_API_KEY: 'sk-secret-123' },
    );
    expect(shown).toMatchObject({
      name: 'llm-endpoint',
      status: 'pass',
      detail: expect.stringContaining('the only address the LLM adapters call: https://api.anthropic.com'),
    });
    expect(shown.detail).not.toContain('sk-secret');
    expect(checkLlmEndpoint(undefined, {})).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/calls no LLM endpoint/),
    });
    expect(checkLlmEndpoint({ provider: 'anthropic', model: 'm' }, {})).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('ANTHROPIC_API_KEY'),
    });
  });
});
