// `benchhand ops web`: serves the operator web console until Ctrl-C. The person logs in on the
// page with their own broker user; this process holds no credentials and never talks to the broker.
import { UsageError } from '../args.js';
import { startConsoleServer, type ConsoleServer } from './console-server.js';

export const WEB_USAGE = 'benchhand ops web --broker ws://HOST:PORT [--port N] [--host ADDRESS]';

export interface WebFlags { broker?: string; port?: string; host?: string }

export interface WebSettings { brokerUrl: string; port: number; host: string }

export function webSettings(flags: WebFlags): WebSettings {
  const broker = flags.broker;
  if (!broker) throw new UsageError(`web needs --broker: the broker's WebSocket URL as the browser will reach it, e.g. --broker ws://localhost:9001 (host/mosquitto/mosquitto.conf listens there)\nusage: ${WEB_USAGE}`);
  let url: URL;
  try {
    url = new URL(broker);
  } catch {
    throw new UsageError(`--broker "${broker}" is not a URL: write it as ws://HOST:PORT (or wss://HOST:PORT with TLS)`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new UsageError(`--broker "${broker}": a browser reaches the broker over WebSockets only, so the scheme must be ws:// or wss:// (mosquitto's websockets listener, not mqtt://)`);
  if (url.username || url.password) throw new UsageError('--broker must not carry a user or password: each person logs in on the page with their own');
  const port = flags.port === undefined ? 8080 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a whole number from 0 to 65535 (0: any free port), got "${flags.port}"`);
  const host = flags.host ?? '127.0.0.1';
  if (!host || /[\s/]/.test(host)) throw new UsageError(`--host must be an address to listen on, e.g. 127.0.0.1 or 0.0.0.0 (got "${host}")`);
  return { brokerUrl: broker, port, host };
}

export async function serveConsole(settings: WebSettings, say: (line: string) => void, untilStopped: Promise<void>): Promise<void> {
  let server: ConsoleServer;
  try {
    server = await startConsoleServer(settings);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`--port ${settings.port}: something else listens on ${settings.host}:${settings.port}; pick another port (--port 0 takes any free one)`);
    throw error;
  }
  say(`benchhand ops web: the console is at ${server.url} (broker ${settings.brokerUrl}); Ctrl-C stops it`);
  if (settings.host !== '127.0.0.1' && settings.host !== 'localhost' && settings.host !== '::1' && settings.brokerUrl.startsWith('ws:')) {
    say('benchhand ops web: warning: the page is reachable from the network but the broker URL is ws:// (no TLS): passwords would cross the network in the clear; use wss:// (host/mosquitto/README.md)');
  }
  await untilStopped;
  await server.close();
}
