// `benchhand ops`: the operator's client for benches on an MQTT broker (src/adapters/mqtt/TOPICS.md).
// list the benches, follow one live, or send it a command and print its reply.
import { userInfo } from 'node:os';
import { parseOptions, UsageError } from '../args.js';
import { BrokerRefusal } from '../../core/operator/broker-refusal.js';
import { buildCommand, COMMAND_USAGES } from '../ops/command-payload.js';
import {
  CONNECTION_OPTIONS,
  CONNECTION_USAGE,
  connectionSettings,
  newClientId,
  refusePasswordFlag,
  type ConnectionSettings,
} from '../ops/connection.js';
import { connectToBroker, disconnect } from '../../app/ops/operator-client.js';
import { EXIT_ERROR_REPLY, EXIT_NO_REPLY, EXIT_OK, EXIT_REFUSED } from '../ops/exit-codes.js';
import { followBench } from '../ops/follow.js';
import { collectBenches, formatBenchList } from '../ops/list.js';
import { formatReply } from '../ops/reply.js';
import { describeRefusal, sendCommand } from '../ops/send.js';
import { BENCH_ID_PATTERN, BENCH_ID_RULE, commandUserProblem } from '../../core/operator/topics.js';
import { serveConsole, WEB_USAGE, webSettings } from '../ops/web.js';
import { fleetCommand, FLEET_USAGE } from '../ops/fleet.js';

const USAGE = [
  `benchhand ops list ${CONNECTION_USAGE} [--wait S] [--json]`,
  `       benchhand ops follow BENCH ${CONNECTION_USAGE} [--json]`,
  `       benchhand ops send BENCH COMMAND [ARGS] ${CONNECTION_USAGE} [--timeout S] [--expires S] [--json]`,
  `       ${WEB_USAGE}`,
  `       ${FLEET_USAGE}`,
].join('\n');

const HELP = `usage: ${USAGE}

  list     every bench with a retained status or state: online/offline, run status, step/steps,
           last action, pending approval (and its id)
  follow   one bench's availability, state changes, events and findings as they happen, until Ctrl-C
  send     one command; prints the bench's reply
  submit   the fleet: one job per flow (with its sub-flows) to a pool's benches, for the tags given
  results  the fleet: each job's outcome (unclaimed when no bench took it by its deadline); --format
           junit --output DIR writes one JUnit file for the lot (--wait S: until every job is done)
  findings the fleet: findings merged across benches; \`set ID STATUS --note\` for the whole fleet
  cancel   the fleet: a job no bench has claimed is never taken (a claimed one is refused: it is its bench's)
  web      serves the operator web console (a page that talks to the broker over WebSockets: each
           person logs in there with their own broker user; --port default 8080, --host 127.0.0.1)

commands for send:
${Object.values(COMMAND_USAGES)
  .map((line) => `  ${line}`)
  .join('\n')}

  --broker URL        mqtt://HOST:1883, or mqtts://HOST:8883 with --tls-ca for TLS
  --username USER     the broker user (operator role to send, viewer role to list and follow)
  --password-env VAR  the environment variable that holds the password (never on the command line)
  --tls-ca FILE       the CA certificate that signed the broker's TLS certificate
  --wait S            list: how long to collect retained messages (default 1)
  --timeout S         send: how long to wait for the reply (default 10)
  --expires S         send: the command's message expiry; an older command is never run (default 30)
  --json              raw JSON instead of readable lines

exit: 0 done, 1 the bench answered with an error, 2 wrong usage, 3 no reply in time (the bench may be
offline), 4 the broker refused (credentials, or a role without the right to send)
`;

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  json: { type: 'boolean' },
  wait: { type: 'string' },
  timeout: { type: 'string' },
  expires: { type: 'string' },
  reason: { type: 'string' },
  note: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function seconds(flag: string, value: string | undefined, fallback: number, wholeNumber = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || (wholeNumber && !Number.isInteger(parsed))) {
    throw new UsageError(
      `--${flag} must be ${wholeNumber ? 'a whole number of seconds, at least 1' : 'a number of seconds greater than 0'} (got "${value}")`,
    );
  }
  return parsed;
}

function benchIdOf(positional: string | undefined, action: string): string {
  if (!positional) throw new UsageError(`${action} needs the BENCH id (see \`benchhand ops list\`)\nusage: ${USAGE}`);
  if (!BENCH_ID_PATTERN.test(positional)) throw new UsageError(`BENCH "${positional}": ${BENCH_ID_RULE}`);
  return positional;
}

function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}

export async function opsCommand(argv: string[]): Promise<number> {
  refusePasswordFlag(argv);
  // The fleet's actions have their own flags (ops/fleet.ts).
  const first = argv[0];
  if (
    (first === 'submit' || first === 'results' || first === 'findings' || first === 'cancel') &&
    !argv.includes('--help')
  ) {
    try {
      return await fleetCommand(first, argv);
    } catch (error) {
      if (!(error instanceof BrokerRefusal)) throw error;
      process.stderr.write(`benchhand ops: ${error.message}\n`);
      return EXIT_REFUSED;
    }
  }
  const { values, positionals } = parseOptions(argv, OPTIONS, USAGE);
  if (values.help) {
    process.stdout.write(HELP);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  if (action === 'web') {
    if (rest.length) throw new UsageError(`web takes no arguments (got "${rest.join(' ')}")\nusage: ${USAGE}`);
    await serveConsole(webSettings(values), (line) => process.stderr.write(`${line}\n`), untilInterrupted());
    return EXIT_OK;
  }
  if (values.port !== undefined || values.host !== undefined)
    throw new UsageError(`--port and --host are for \`ops web\` only\nusage: ${USAGE}`);
  if (action !== 'list' && action !== 'follow' && action !== 'send') {
    throw new UsageError(
      `${action ? `unknown action "${action}"` : 'an action is missing'}: use list, follow, send or web\nusage: ${USAGE}`,
    );
  }
  const settings = connectionSettings(values);
  try {
    if (action === 'list') {
      if (rest.length) throw new UsageError(`list takes no arguments (got "${rest.join(' ')}")\nusage: ${USAGE}`);
      return await list(settings, seconds('wait', values.wait, 1), values.json ?? false);
    }
    const benchId = benchIdOf(rest[0], action);
    if (action === 'follow') {
      if (rest.length > 1) throw new UsageError(`follow takes one BENCH (got "${rest.join(' ')}")\nusage: ${USAGE}`);
      return await follow(settings, benchId, values.json ?? false);
    }
    const command = buildCommand(rest[1], rest.slice(2), { reason: values.reason, note: values.note });
    return await send(settings, benchId, command, {
      timeoutMs: seconds('timeout', values.timeout, 10) * 1000,
      expiresSeconds: seconds('expires', values.expires, 30, true),
      asJson: values.json ?? false,
    });
  } catch (error) {
    if (!(error instanceof BrokerRefusal)) throw error;
    process.stderr.write(`benchhand ops: ${error.message}\n`);
    return EXIT_REFUSED;
  }
}

async function list(settings: ConnectionSettings, waitSeconds: number, asJson: boolean): Promise<number> {
  const client = await connectToBroker(settings, newClientId());
  try {
    const benches = await collectBenches(client, waitSeconds * 1000);
    process.stdout.write(asJson ? `${JSON.stringify(benches, null, 2)}\n` : formatBenchList(benches, settings.url));
    return EXIT_OK;
  } finally {
    await disconnect(client);
  }
}

async function follow(settings: ConnectionSettings, benchId: string, asJson: boolean): Promise<number> {
  const client = await connectToBroker(settings, newClientId(), true);
  try {
    await followBench(client, benchId, asJson, (line) => process.stdout.write(`${line}\n`), untilInterrupted());
    return EXIT_OK;
  } finally {
    await disconnect(client);
  }
}

async function send(
  settings: ConnectionSettings,
  benchId: string,
  command: ReturnType<typeof buildCommand>,
  options: { timeoutMs: number; expiresSeconds: number; asJson: boolean },
): Promise<number> {
  // The broker's user name is the identity the bench records; on a broker without users (a test
  // bench) the OS user name stands in, unchecked.
  const user = settings.username ?? userInfo().username;
  const problem = commandUserProblem(user);
  if (problem)
    throw new UsageError(
      `${settings.username !== undefined ? '--username' : 'your user name'} "${user}" cannot name a command topic (benchhand/${benchId}/cmd/<user>): ${problem}; use a broker user name without them`,
    );
  const clientId = newClientId();
  const client = await connectToBroker(settings, clientId);
  try {
    const outcome = await sendCommand(client, command, {
      benchId,
      clientId,
      timeoutMs: options.timeoutMs,
      expiresSeconds: options.expiresSeconds,
      user,
    });
    if (outcome.kind === 'refused') {
      process.stderr.write(`benchhand ops: ${describeRefusal(outcome, benchId, user, settings.username)}\n`);
      return EXIT_REFUSED;
    }
    if (outcome.kind === 'no_reply') {
      process.stderr.write(
        `benchhand ops: no reply from ${benchId} within ${options.timeoutMs / 1000} s to ${command.command} (request ${outcome.requestId}): ` +
          `the bench may be offline (see \`benchhand ops list\`); the command expires after ${options.expiresSeconds} s, so it will not run later than that\n`,
      );
      return EXIT_NO_REPLY;
    }
    process.stdout.write(
      options.asJson
        ? `${JSON.stringify(outcome.reply)}\n`
        : `${formatReply(benchId, command.command, outcome.reply)}\n`,
    );
    return outcome.reply.ok ? EXIT_OK : EXIT_ERROR_REPLY;
  } finally {
    await disconnect(client);
  }
}
