// `benchhand ops web`: serves the operator web console until Ctrl-C. The person logs in on the
// page with their own broker user; this process holds no credentials and never talks to the broker.
import { UsageError } from '../args.js';
import type { ConsoleServer } from '../../app/console/console-server.js';
import { ConsolePortTaken, openConsole } from '../../app/console/open-console.js';
import { consoleBrokerProblem, listenHostProblem } from '../../config/console-section.js';

export const WEB_USAGE = 'benchhand ops web --broker ws://HOST:PORT [--port N] [--host ADDRESS]';

export interface WebFlags {
  broker?: string;
  port?: string;
  host?: string;
}

export interface WebSettings {
  brokerUrl: string;
  port: number;
  host: string;
}

export function webSettings(flags: WebFlags): WebSettings {
  const broker = flags.broker;
  if (!broker)
    throw new UsageError(
      `web needs --broker: the broker's WebSocket URL as the browser will reach it, e.g. --broker ws://localhost:9001 (host/mosquitto/mosquitto.conf listens there)\nusage: ${WEB_USAGE}`,
    );
  const brokerProblem = consoleBrokerProblem(broker);
  if (brokerProblem) throw new UsageError(`--broker ${brokerProblem}`);
  const port = flags.port === undefined ? 8080 : Number(flags.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535 (0: any free port), got "${flags.port}"`);
  const host = flags.host ?? '127.0.0.1';
  const hostProblem = listenHostProblem(host);
  if (hostProblem) throw new UsageError(`--host ${hostProblem}`);
  return { brokerUrl: broker, port, host };
}

export async function serveConsole(
  settings: WebSettings,
  say: (line: string) => void,
  untilStopped: Promise<void>,
): Promise<void> {
  let server: ConsoleServer;
  try {
    server = await openConsole(settings, '--port', (line) => say(`benchhand ops web: ${line}`));
  } catch (error) {
    if (error instanceof ConsolePortTaken) throw new UsageError(error.message);
    throw error;
  }
  say(`benchhand ops web: the console is at ${server.url} (broker ${settings.brokerUrl}); Ctrl-C stops it`);
  await untilStopped;
  await server.close();
}
