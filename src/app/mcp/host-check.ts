// DNS-rebinding protection for the MCP endpoint served on loopback: a web page the user opens can
// make the browser send requests to 127.0.0.1 under the page's own host name. The bearer token
// already stops such a request; this check refuses it before the token is even compared, by the
// Host and Origin headers a browser cannot forge. On any other address (the user chose to expose
// the bench, e.g. behind a tunnel), the names it is reached by are not known here: the token alone
// guards it.
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A Host or Origin header's host name, without port (IPv6 keeps its brackets); undefined when malformed. */
function hostnameOf(value: string, isOrigin: boolean): string | undefined {
  try {
    const url = new URL(isOrigin ? value : `http://${value}`);
    return url.hostname;
  } catch {
    return undefined;
  }
}

/**
 * Why a request to an endpoint bound to `boundHost` is refused by its Host or Origin header, or
 * undefined when it may go on to the token check.
 */
export function refusedByHost(boundHost: string, headers: IncomingHttpHeaders): string | undefined {
  if (!isLoopbackHost(boundHost)) return undefined;
  const host = headers.host ? hostnameOf(headers.host, false) : undefined;
  if (!host || !isLoopbackHost(host))
    return `the Host header "${headers.host ?? ''}" is not a loopback name: this endpoint listens on ${boundHost} and answers only requests to localhost, 127.0.0.1 or [::1] (to reach it from elsewhere, start benchhand mcp with --http on another address, or use an SSH tunnel)`;
  const origin = headers.origin;
  // MCP clients send no Origin; a browser always does ("null" from a sandboxed frame or a file).
  if (origin !== undefined) {
    const from = hostnameOf(origin, true);
    if (!from || !isLoopbackHost(from))
      return `the Origin "${origin}" is not a loopback page: a web page may not drive the bench through its user's browser`;
  }
  return undefined;
}
