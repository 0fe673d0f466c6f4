// The `console` section: the bench service also serves the operator web console (web/console/)
// when this is set, so an operator reaches the page on the Pi without a second process. The rules
// are the same as `benchhand ops web`'s flags, so both say the same thing about the same mistake.
import { z } from 'zod';

/** Why `text` cannot be the broker URL a browser connects to, or undefined when it can. */
export function consoleBrokerProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `"${text}" is not a URL: write it as ws://HOST:PORT (or wss://HOST:PORT with TLS)`;
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:')
    return `"${text}": a browser reaches the broker over WebSockets only, so the scheme must be ws:// or wss:// (mosquitto's websockets listener, not mqtt://)`;
  if (url.username || url.password)
    return `"${text}" must not carry a user or password: each person logs in on the page with their own`;
  return undefined;
}

/** Why `host` cannot be an address to listen on, or undefined when it can. */
export function listenHostProblem(host: string): string | undefined {
  return !host || /[\s/]/.test(host)
    ? `must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0 (got "${host}")`
    : undefined;
}

/** True when a page served on `host` is reachable from other machines while passwords would cross in the clear. */
export function passwordsInTheClear(host: string, brokerUrl: string): boolean {
  return !['127.0.0.1', 'localhost', '::1'].includes(host) && brokerUrl.startsWith('ws:');
}

const custom = (problem: (text: string) => string | undefined) => (text: string, context: z.RefinementCtx) => {
  const message = problem(text);
  if (message) context.addIssue({ code: 'custom', message });
};

export const consoleSectionSchema = z.strictObject({
  /** The broker's WebSocket URL as the operator's browser reaches it (not as the Pi does). */
  broker: z.string().superRefine(custom(consoleBrokerProblem)),
  /** Where the page is served; 127.0.0.1 keeps it on the Pi (reach it through an SSH tunnel), 0.0.0.0 opens it to the LAN. */
  host: z.string().superRefine(custom(listenHostProblem)).default('127.0.0.1'),
  /** 0 takes any free port (the service says which). */
  port: z
    .number()
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 to 65535' })
    .max(65535, { message: 'must be 0 to 65535' })
    .default(8080),
});

export type ConsoleSection = z.output<typeof consoleSectionSchema>;
