// How `benchhand ops` reaches the broker: the flags (--broker, --username, --password-env,
// --tls-ca), checked with errors that name the flag and the rule. The connection itself is made
// in src/adapters/mqtt/operator-client.ts (through src/app/ops/operator-client.ts).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ConnectionSettings } from '../../app/ops/operator-client.js';
import { UsageError } from '../args.js';

export type { ConnectionSettings } from '../../app/ops/operator-client.js';

export const CONNECTION_OPTIONS = {
  broker: { type: 'string' },
  username: { type: 'string' },
  'password-env': { type: 'string' },
  'tls-ca': { type: 'string' },
} as const;

export const CONNECTION_USAGE = '--broker URL [--username USER --password-env VAR] [--tls-ca FILE]';

const SCHEMES = ['mqtt:', 'mqtts:', 'ws:', 'wss:'];
const TLS_SCHEMES = ['mqtts:', 'wss:'];

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
