// The web console's server (`benchhand ops web`): the page's files with the right content types,
// mqtt.js from the installed package, the broker URL in /config.json, a CSP that allows only this
// server and the broker, and nothing outside web/console (no traversal, no hidden files, GET only).
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  fileUnder,
  requestPath,
  startConsoleServer,
  type ConsoleServer,
} from '../../../src/app/console/console-server.js';
import { benchTopics } from '../../../src/core/operator/topics.js';
import { webSettings } from '../../../src/cli/ops/web.js';
import { runCli, spawnCli } from '../../support/run-cli.js';

let server: ConsoleServer;
beforeAll(async () => {
  server = await startConsoleServer({ brokerUrl: 'ws://127.0.0.1:9001', host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await server.close();
});

/** A raw request: fetch() would normalise the `..` away before it left. */
function get(
  path: string,
  method = 'GET',
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; csp: string; encoding: string; body: string; bytes: number }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? '');
        const body = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString();
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type'] ?? ''),
          csp: String(response.headers['content-security-policy'] ?? ''),
          encoding,
          body,
          bytes: raw.length,
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

it("serves the operator surface's topic tree as a module the page imports: the same functions, no imports of its own", async () => {
  const served = await get('/operator/topics.js');
  expect(served).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  expect(served.body).not.toMatch(/^\s*import\b/m);
  const module = (await import(
    `data:text/javascript;base64,${Buffer.from(served.body).toString('base64')}`
  )) as typeof import('../../../src/core/operator/topics.js');
  expect(module.commandTopic('bench1', 'ana')).toBe('benchhand/bench1/cmd/ana');
  expect(module.replyTopic('+', 'console-1')).toBe('benchhand/+/reply/console-1');
  expect(module.parseBenchTopic('benchhand/bench1/view')).toEqual({ benchId: 'bench1', leaf: 'view' });
  expect(module.benchTopics('bench1')).toEqual(benchTopics('bench1'));
});

it('serves the page, its modules and styles with their content types, and mqtt.js from the package', async () => {
  const page = await get('/');
  expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
  expect(page.body).toContain('<script type="module" src="app.js">');
  expect(page.csp).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self' ws://127.0.0.1:9001; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(await get('/app.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  expect(await get('/console.css')).toMatchObject({ status: 200, type: 'text/css; charset=utf-8' });
  const mqtt = await get('/vendor/mqtt.esm.js');
  expect(mqtt).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  expect(mqtt.body).toContain('export default');
  expect(await get('/config.json')).toMatchObject({
    status: 200,
    type: 'application/json; charset=utf-8',
    body: '{"broker":"ws://127.0.0.1:9001"}',
  });
  expect(await get('/app.js', 'HEAD')).toMatchObject({ status: 200, body: '' });
  // Gzipped for a browser that takes it: the same module, a third of the bytes.
  const zipped = await get('/vendor/mqtt.esm.js', 'GET', { 'accept-encoding': 'gzip, deflate, br' });
  expect(zipped).toMatchObject({ status: 200, encoding: 'gzip', body: mqtt.body });
  expect(zipped.bytes).toBeLessThan(mqtt.bytes / 2);
});

it('gives nothing outside web/console, and only to GET and HEAD', async () => {
  for (const path of [
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/vendor/../../package.json',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/.git/config',
    '/a%00.js',
    '/..\\package.json',
  ]) {
    const answer = await get(path);
    expect(answer.status, path).toBeGreaterThanOrEqual(400);
    expect(answer.body, path).not.toContain('"name": "benchhand"');
  }
  expect((await get('/nope.html')).status).toBe(404);
  expect((await get('/index.html', 'POST')).status).toBe(405);
  expect(requestPath('/%E0%A4%A')).toBeUndefined();
  expect(fileUnder('/srv/console', '/../secret.js')).toBeUndefined();
  expect(fileUnder('/srv/console', '/render.js')).toBe('/srv/console/render.js');
});

it('`benchhand ops web` checks its flags and serves until stopped', async () => {
  const refused = await runCli(['ops', 'web', '--broker', 'mqtt://localhost:1883']);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toMatch(
    /--broker "mqtt:\/\/localhost:1883": a browser reaches the broker over WebSockets only, so the scheme must be ws:\/\/ or wss:\/\//,
  );
  expect(() => webSettings({})).toThrow(/web needs --broker/);
  expect(() => webSettings({ broker: 'ws://h:1', port: 'x' })).toThrow(/--port must be a whole number/);
  expect(() => webSettings({ broker: 'ws://u:p@h:1' })).toThrow(/must not carry a user or password/);
  expect(webSettings({ broker: 'wss://bench-pi.local:9443' })).toEqual({
    brokerUrl: 'wss://bench-pi.local:9443',
    port: 8080,
    host: '127.0.0.1',
  });
  const child = spawnCli(['ops', 'web', '--broker', 'ws://localhost:9001', '--port', '0']);
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 30000;
  while (!/console is at (http:\S+)/.test(err) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const url = /console is at (http:\S+)/.exec(err)?.[1];
  expect(url, err).toBeDefined();
  expect(await (await fetch(new URL('config.json', url))).json()).toEqual({ broker: 'ws://localhost:9001' });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
