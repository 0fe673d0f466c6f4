// The session over Streamable HTTP (the SDK's transport, one session): on the address given
// (loopback unless told otherwise), and only for requests that carry the bearer token. A request
// without it, or with another, is refused with 401 before the SDK sees it; on loopback, a request
// by another host name or from a web page is refused with 403 first (host-check.ts).
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { refusedByHost } from './host-check.js';

export interface HttpEndpoint {
  host: string;
  port: number;
  token: string;
}

export interface ServedHttp {
  /** The MCP endpoint's address (http://HOST:PORT/mcp). */
  url: string;
  closed: Promise<void>;
  close(): Promise<void>;
}

export const MCP_PATH = '/mcp';

export async function serveHttp(server: Server, endpoint: HttpEndpoint): Promise<ServedHttp> {
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  await server.connect(transport);
  const http: HttpServer = createServer((request, response) => {
    const refused = refusedByHost(endpoint.host, request.headers);
    if (refused) {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: refused }));
      return;
    }
    if (!authorised(request, endpoint.token)) {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      response.end(
        JSON.stringify({
          error: 'a bearer token is required: Authorization: Bearer <the token benchhand mcp was given>',
        }),
      );
      return;
    }
    if (!request.url?.startsWith(MCP_PATH)) {
      response.writeHead(404).end();
      return;
    }
    void transport.handleRequest(request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500).end(error.message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(endpoint.port, endpoint.host, resolve);
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : endpoint.port;
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  return {
    url: `http://${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${port}${MCP_PATH}`,
    closed,
    async close() {
      await transport.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function authorised(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
