// Serves the operator web console (web/console/): static files only, over node:http. The page gets
// the broker's WebSocket URL from /config.json, mqtt.js from the installed package and the topic
// tree from the operator surface (/operator/topics.js, src/core/operator/topics.ts), so it needs
// nothing from any other host; the Content-Security-Policy says the same to the browser (scripts,
// styles and images from here, connections only here and to the broker).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { OPERATOR_MODULE_PATH, operatorModuleSource } from './operator-module.js';
import { packageRoot } from '../package-root.js';

/** The page's files: web/console/ at the package root. */
export const CONSOLE_ROOT = join(packageRoot(), 'web', 'console') + sep;

/** mqtt.js's browser build, served as /vendor/mqtt.esm.js. */
export function mqttBrowserBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('mqtt/package.json');
  return join(dirname(packageJson), 'dist', 'mqtt.esm.js');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export interface ConsoleServerOptions {
  /** ws://HOST:PORT or wss://HOST:PORT: where the page's browser connects. */
  brokerUrl: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  root?: string;
}

export interface ConsoleServer {
  url: string;
  close(): Promise<void>;
}

export async function startConsoleServer(options: ConsoleServerOptions): Promise<ConsoleServer> {
  const root = resolve(options.root ?? CONSOLE_ROOT);
  const vendor = mqttBrowserBuild();
  const operatorModule = await operatorModuleSource();
  const config = JSON.stringify({ broker: options.brokerUrl });
  const headers = securityHeaders(options.brokerUrl);
  const server = createServer((request, response) => {
    void handle(request, response).catch(() =>
      send(response, 500, 'text/plain; charset=utf-8', 'the console server failed to read a file\n', headers),
    );
  });
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, 'text/plain; charset=utf-8', 'only GET and HEAD\n', headers);
    }
    const path = requestPath(request.url ?? '/');
    if (path === undefined) return send(response, 400, 'text/plain; charset=utf-8', 'bad path\n', headers);
    if (path === '/config.json')
      return send(response, 200, CONTENT_TYPES['.json']!, config, headers, request.method === 'HEAD');
    if (path === OPERATOR_MODULE_PATH)
      return send(response, 200, CONTENT_TYPES['.js']!, operatorModule, headers, request.method === 'HEAD');
    const file = path === '/vendor/mqtt.esm.js' ? vendor : fileUnder(root, path === '/' ? '/index.html' : path);
    const type = file ? CONTENT_TYPES[extname(file)] : undefined;
    if (!file || !type) return send(response, 404, 'text/plain; charset=utf-8', 'not found\n', headers);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return send(response, 404, 'text/plain; charset=utf-8', 'not found\n', headers);
    // Compressed when the browser takes it: mqtt.js is 342 KB as is, about 105 KB gzipped (a phone on Wi-Fi far from the Pi).
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && type !== CONTENT_TYPES['.png'];
    response.writeHead(200, {
      ...headers,
      'Content-Type': type,
      Vary: 'Accept-Encoding',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : { 'Content-Length': info.size }),
    });
    if (request.method === 'HEAD') return void response.end();
    const stream = createReadStream(file);
    (gzip ? stream.pipe(createGzip()) : stream).pipe(response);
  }
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolvePromise());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}/`, close: () => closeServer(server) };
}

/** The decoded path of a request URL, or undefined when it cannot be one (bad escapes, a NUL, a backslash). */
export function requestPath(url: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://console.invalid').pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.includes('\\')) return undefined;
  return path;
}

/** The file `path` names inside `root`, or undefined when it would lie outside it (`..`, a hidden file). */
export function fileUnder(root: string, path: string): string | undefined {
  if (path.split('/').some((part) => part.startsWith('.'))) return undefined;
  const file = resolve(root, `.${path}`);
  return file.startsWith(root + sep) ? file : undefined;
}

function securityHeaders(brokerUrl: string): Record<string, string> {
  const broker = new URL(brokerUrl);
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      `connect-src 'self' ${broker.protocol}//${broker.host}`,
      "base-uri 'none'",
      "form-action 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // Small files, changed by an upgrade: always the current page.
    'Cache-Control': 'no-store',
  };
}

function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string>,
  headOnly = false,
): void {
  response.writeHead(status, { ...headers, 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  response.end(headOnly ? undefined : body);
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolvePromise) => {
    server.close(() => resolvePromise());
    server.closeAllConnections();
  });
}
