// `benchhand ops`'s connection to the broker: MQTT 5 through the one client factory, with a
// refusal (bad login, no ACL) told apart from a broker that cannot be reached, each saying what to
// check. The flags that fill ConnectionSettings are parsed in src/cli/ops/connection.ts.
import {
  BAD_USER_NAME_OR_PASSWORD,
  BrokerRefusal,
  NOT_AUTHORIZED,
  reasonCodeOf,
} from '../../core/operator/broker-refusal.js';
import { createMqttClient, type IClientOptions, type MqttClient } from './mqtt-client.js';

export type { MqttClient } from './mqtt-client.js';

const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionSettings {
  url: string;
  username?: string;
  password?: string;
  ca?: Buffer;
}

function describeRefusal(settings: ConnectionSettings, code: number): string {
  const who = settings.username ? `user "${settings.username}"` : 'an anonymous client';
  if (code === NOT_AUTHORIZED || code === BAD_USER_NAME_OR_PASSWORD) {
    return (
      `the broker at ${settings.url} refused ${who} (MQTT reason ${code}: ${code === NOT_AUTHORIZED ? 'not authorized' : 'bad user name or password'}): ` +
      "check --username and the password in the variable named by --password-env; the user must be in the broker's password file"
    );
  }
  return `the broker at ${settings.url} refused the connection (MQTT reason ${code})`;
}

/**
 * Connects with MQTT 5. `keepTrying` (follow) reconnects after a lost connection; otherwise a
 * failed or lost connection is final. Resolves once the broker accepted the connection.
 */
export function connectToBroker(
  settings: ConnectionSettings,
  clientId: string,
  keepTrying = false,
): Promise<MqttClient> {
  const options: IClientOptions = {
    protocolVersion: 5,
    clientId,
    clean: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    reconnectPeriod: 0,
    ...(settings.username !== undefined ? { username: settings.username } : {}),
    ...(settings.password !== undefined ? { password: settings.password } : {}),
    ...(settings.ca ? { ca: settings.ca } : {}),
  };
  const client = createMqttClient(settings.url, options);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () =>
        fail(
          new Error(
            `no answer from the broker at ${settings.url} within ${CONNECT_TIMEOUT_MS / 1000} s: check --broker (host and port) and that mosquitto runs`,
          ),
        ),
      CONNECT_TIMEOUT_MS + 500,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      client.removeAllListeners();
      client.on('error', () => {}); // a late socket error after giving up is not news
      client.end(true);
      reject(error);
    };
    client.once('connect', () => {
      clearTimeout(timer);
      // Without it every command waits ~44 ms per hop for a delayed ACK (Nagle; measured).
      (client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
      client.removeAllListeners('error');
      client.removeAllListeners('close');
      if (keepTrying) client.options.reconnectPeriod = 2000;
      client.on('error', () => {}); // reported through 'offline' / 'reconnect' by the caller
      resolve(client);
    });
    client.once('error', (error) => {
      const code = reasonCodeOf(error);
      if (code !== undefined) fail(new BrokerRefusal(describeRefusal(settings, code)));
      else
        fail(
          new Error(
            `cannot reach the broker at ${settings.url}: ${error.message} (check --broker and that mosquitto runs)`,
          ),
        );
    });
    client.once('close', () =>
      fail(
        new Error(
          `cannot reach the broker at ${settings.url}: the connection closed before the broker answered (check --broker, and --tls-ca for a TLS listener)`,
        ),
      ),
    );
  });
}

export function disconnect(client: MqttClient): Promise<void> {
  return new Promise((resolve) => client.end(false, {}, () => resolve()));
}
