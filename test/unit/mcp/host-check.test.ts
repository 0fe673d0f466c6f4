// The MCP endpoint on loopback answers only loopback host names and no web page (DNS rebinding),
// checked on the real HTTP server before the token: a request with the right token but a foreign
// Host or Origin is refused with 403, the same request to 127.0.0.1 reaches the SDK.
import { request } from 'node:http';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedByHost } from '../../../src/app/mcp/host-check.js';
import { serveHttp, type ServedHttp } from '../../../src/app/mcp/http-transport.js';

const TOKEN = 'test-token-0123456789';

describe('refusedByHost', () => {
  it('lets loopback names through on a loopback endpoint, whatever the port', () => {
    for (const host of ['localhost:8765', '127.0.0.1:1', '[::1]:80', 'LOCALHOST'])
      expect(refusedByHost('127.0.0.1', { host }), host).toBeUndefined();
  });

  it('refuses another name, a missing Host and a web page, naming the header and what to do', () => {
    expect(refusedByHost('127.0.0.1', { host: 'rebound.example:8765' })).toMatch(
      /Host header "rebound\.example:8765".*SSH tunnel/,
    );
    expect(refusedByHost('localhost', {})).toMatch(/Host header ""/);
    expect(refusedByHost('127.0.0.1', { host: 'localhost', origin: 'https://evil.example' })).toMatch(
      /Origin "https:\/\/evil\.example"/,
    );
    expect(refusedByHost('127.0.0.1', { host: 'localhost', origin: 'null' })).toMatch(/Origin "null"/);
    expect(refusedByHost('127.0.0.1', { host: 'localhost', origin: 'http://localhost:3000' })).toBeUndefined();
  });

  it('leaves an endpoint on another address to its token', () => {
    expect(refusedByHost('0.0.0.0', { host: 'bench.lan:8765', origin: 'https://elsewhere.example' })).toBeUndefined();
  });
});

describe('serveHttp on loopback', () => {
  let served: ServedHttp;
  beforeAll(async () => {
    const server = new Server({ name: 'host-check-test', version: '0' }, { capabilities: {} });
    served = await serveHttp(server, { host: '127.0.0.1', port: 0, token: TOKEN });
  });
  afterAll(() => served?.close());

  const post = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(served.url);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${TOKEN}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            ...headers,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });

  it('refuses a rebound host name with 403 though the token is right', async () => {
    const refused = await post({ host: `rebound.example:${new URL(served.url).port}` });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error).toMatch(/not a loopback name/);
  });

  it('refuses a web page with 403', async () => {
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
  });

  it('passes the same request by a loopback name on to the SDK', async () => {
    // The SDK answers a ping before initialize with its own 400 (no session): the check let it through.
    const answered = await post({});
    expect(answered.status, answered.body).toBe(400);
    expect(answered.body).toMatch(/not initialized|session/i);
  });
});
