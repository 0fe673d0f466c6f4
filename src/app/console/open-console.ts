// Starts the console's server for `benchhand ops web` and for the bench service alike: a port
// already taken is an error naming the setting to change, and a page open to the network with a
// ws:// broker is said out loud (passwords would cross the network in the clear).
import { passwordsInTheClear } from '../../config/console-section.js';
import { startConsoleServer, type ConsoleServer } from './console-server.js';

export interface ConsoleSettings {
  brokerUrl: string;
  host: string;
  port: number;
}

export class ConsolePortTaken extends Error {}

/** `portSetting` names where the port came from (`--port`, `console.port`), for the error. */
export async function openConsole(
  settings: ConsoleSettings,
  portSetting: string,
  say: (line: string) => void,
): Promise<ConsoleServer> {
  let server: ConsoleServer;
  try {
    server = await startConsoleServer(settings);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    throw new ConsolePortTaken(
      `${portSetting} ${settings.port}: something else listens on ${settings.host}:${settings.port}; pick another port (0 takes any free one)`,
    );
  }
  if (passwordsInTheClear(settings.host, settings.brokerUrl)) {
    say(
      `warning: the console at ${server.url} is reachable from the network but the broker URL is ws:// (no TLS): passwords would cross the network in the clear; use wss:// (host/mosquitto/README.md)`,
    );
  }
  return server;
}
