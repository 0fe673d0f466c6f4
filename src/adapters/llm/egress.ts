// The LLM adapters talk to one endpoint: the configured base URL. Every request's URL is checked
// here, in code, before a socket opens: another scheme, host or port, or a path outside the base
// URL's, is refused (a misbuilt URL, a model-supplied address, a compromised dependency asking
// the adapter to fetch something). Redirects are never followed (post-json.ts), so an answer
// cannot send the request elsewhere either. There is no URL-fetching tool in the agent at all.

export class EgressRefused extends Error {
  constructor(
    readonly url: string,
    readonly allowed: string,
  ) {
    super(
      `refused: ${url} is not the configured LLM endpoint (${allowed}); the LLM adapters call no other address. Change llm.baseUrl if the endpoint really moved.`,
    );
    this.name = 'EgressRefused';
  }
}

/** The one endpoint, as doctor shows it: scheme, host, port and base path. */
export function allowedEndpoint(baseUrl: string): string {
  const base = new URL(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
}

/** Throws EgressRefused unless `url` is the base URL or below it. */
export function checkEgress(url: string, baseUrl: string): void {
  const allowed = allowedEndpoint(baseUrl);
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new EgressRefused(url, allowed);
  }
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  const samePlace =
    target.origin === base.origin && (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`));
  if (!samePlace || target.username || target.password) throw new EgressRefused(url, allowed);
}
