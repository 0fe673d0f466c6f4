// How `benchhand ops` reaches the broker: the flags (--broker, --username, --password-env,
// --tls-ca), checked with errors that name the flag and the rule, and an MQTT 5 connection.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { UsageError } from '../args.js';
import { BAD_USER_NAME_OR_PASSWORD, BrokerRefusal, NOT_AUTHORIZED, reasonCodeOf } from './broker-refusal.js';

export const CONNECTION_OPTIONS = {
  broker: { type: 'string' },
  username: { type: 'string' },
  'password-env': { type: 'string' },
  'tls-ca': { type: 'string' },
} as const;

export const CONNECTION_USAGE = '--broker URL [--username USER --password-env VAR] [--tls-ca FILE]';

const SCHEMES = ['mqtt:', 'mqtts:', 'ws:', 'wss:'];
const TLS_SCHEMES = ['mqtts:', 'wss:'];
const CONNECT_TIMEOUT_MS = 5000;

export interface ConnectionSettings {
  url: string;
  username?: string;
  password?: string;
  ca?: Buffer;
}

interface ConnectionFlags {
  broker?: string;
  username?: string;
  'password-env'?: string;
  'tls-ca'?: string;
}

/** A password must never be typed on the command line (other users see it in `ps`). */
export function refusePasswordFlag(argv: string[]): void {
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new UsageError(
      '--password is not accepted: a password on the command line is visible to every user of the machine (ps). ' +
        'Put it in an environment variable and name the variable with --password-env VAR',
    );
  }
}

export function connectionSettings(flags: ConnectionFlags, env: NodeJS.ProcessEnv = process.env): ConnectionSettings {
  const broker = flags.broker;
  if (!broker)
    throw new UsageError(
      '--broker is required: the broker URL, e.g. --broker mqtt://localhost:1883 (or mqtts://host:8883 for TLS)',
    );
  let url: URL;
  try {
    url = new URL(broker);
  } catch {
    throw new UsageError(
      `--broker "${broker}" is not a URL: write it as mqtt://HOST:PORT (mqtts://, ws:// and wss:// work too)`,
    );
  }
  if (!SCHEMES.includes(url.protocol))
    throw new UsageError(`--broker "${broker}": the scheme must be one of ${SCHEMES.map((s) => `${s}//`).join(', ')}`);
  if (url.username || url.password)
    throw new UsageError('--broker must not carry a user or password: use --username and --password-env VAR');
  const settings: ConnectionSettings = { url: broker };
  const variable = flags['password-env'];
  if (variable !== undefined) {
    if (!flags.username) throw new UsageError('--password-env needs --username: the password belongs to a user');
    const password = env[variable];
    if (!password)
      throw new UsageError(
        `--password-env ${variable}: the environment variable ${variable} is not set or is empty (export it before running; passwords never go on the command line)`,
      );
    settings.password = password;
  }
  if (flags.username !== undefined) settings.username = flags.username;
  const caFile = flags['tls-ca'];
  if (caFile !== undefined) {
    if (!TLS_SCHEMES.includes(url.protocol))
      throw new UsageError(`--tls-ca needs a TLS broker URL (mqtts:// or wss://), but --broker is ${broker}`);
    try {
      settings.ca = readFileSync(caFile);
    } catch (error) {
      throw new UsageError(`--tls-ca ${caFile}: cannot read the CA certificate (${(error as Error).message})`);
    }
  }
  return settings;
}

export function newClientId(): string {
  return `benchhand-ops-${randomBytes(6).toString('hex')}`;
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
  const client = mqtt.connect(settings.url, options);
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
