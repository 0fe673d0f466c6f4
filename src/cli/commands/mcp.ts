// `benchhand mcp`: the bench as an MCP server, so any MCP client (a desktop assistant, an IDE agent,
// an agent framework) drives the phone through the same loop as `benchhand run`: each tool call
// one guarded, journaled, verified step; approvals to the bench's people; the e-stop and the
// operators as for any run. stdio by default (what desktop clients launch); --http serves
// Streamable HTTP with a bearer token. The session is a run in --state-dir, resumed when that
// directory holds an unfinished one.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openBench } from '../../app/bench/open-bench.js';
import { runBenchSettings } from '../../app/agent/run-task.js';
import { McpSession, MCP_TASK } from '../../app/mcp/mcp-session.js';
import { mcpServer, sessionInstructions } from '../../app/mcp/mcp-server.js';
import { serveHttp, type HttpEndpoint } from '../../app/mcp/http-transport.js';
import { sessionTask, SessionTaskError } from '../../app/mcp/session-task.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';
import { resolveDeviceFile } from './sim.js';
import { guardrailFlags, loadConfig, mqttSettings, normaliseSimFlag, rigSource } from './run.js';

const USAGE =
  'benchhand mcp [--sim [DEVICE_FILE] | --bench ADDRESS | --config FILE] [--state-dir DIR] [--ask-before REGEX]... [--approve ask|all|none] [--secret NAME]... [--goal TEXT] [--max-steps N] [--deadline SECONDS] [--mqtt URL --bench-id ID] [--http HOST:PORT (--token-env VAR | --token-file FILE)]';

export async function mcpCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    normaliseSimFlag(argv),
    {
      sim: { type: 'string' },
      bench: { type: 'string' },
      config: { type: 'string' },
      port: { type: 'string' },
      camera: { type: 'string' },
      calibration: { type: 'string' },
      'state-dir': { type: 'string' },
      'ask-before': { type: 'string', multiple: true },
      approve: { type: 'string' },
      secret: { type: 'string', multiple: true },
      goal: { type: 'string' },
      'max-steps': { type: 'string' },
      deadline: { type: 'string' },
      mqtt: { type: 'string' },
      'bench-id': { type: 'string' },
      'mqtt-user': { type: 'string' },
      'mqtt-password-env': { type: 'string' },
      'mqtt-tls-ca': { type: 'string' },
      http: { type: 'string' },
      'token-env': { type: 'string' },
      'token-file': { type: 'string' },
    },
    USAGE,
  );
  if (values.sim !== undefined && values.bench)
    throw new UsageError(
      `--sim and --bench exclude each other: --sim starts a bench, --bench joins a running one\nusage: ${USAGE}`,
    );
  const approve = values.approve ?? 'ask';
  if (approve !== 'ask' && approve !== 'all' && approve !== 'none')
    throw new UsageError(`--approve must be ask, all or none; got "${approve}"\nusage: ${USAGE}`);
  const http =
    values.http !== undefined ? httpEndpoint(values.http, values['token-env'], values['token-file']) : undefined;
  const { loaded, config } = loadConfig(values.config);
  const task = withUsage(() => sessionTask(values.goal, values.secret ?? [], process.env));
  const rig =
    values.sim !== undefined
      ? { kind: 'sim' as const, deviceFile: resolveDeviceFile(values.sim || undefined) }
      : rigSource(MCP_TASK, undefined, values, config, loaded?.file);
  const guardrails = guardrailFlags(values, config, USAGE);
  const mqtt = mqttSettings(values, config);
  const stateDir = resolve(
    values['state-dir'] ??
      join(config.bench?.stateDir ?? defaultStateDir(), 'runs', new Date().toISOString().replace(/[:.]/g, '-')),
  );
  // stdout is the protocol's under stdio: everything said goes to stderr.
  const say = (line: string): void => void process.stderr.write(`${line}\n`);
  const bench = openBench({
    ...runBenchSettings({ task, stateDir, interpreter: 'script', mqtt, gpio: config.gpio, rig, ocr: config.ocr }),
    sayNotes: false,
  });
  const session = new McpSession({
    bench,
    stateDir,
    task,
    approvals: approve,
    guardrails,
    ...(mqtt ? { mqtt } : {}),
    ...(config.gpio ? { gpio: config.gpio } : {}),
    say,
  });
  const nobody = approverMissing(approve, Boolean(mqtt), Boolean(http), Boolean(process.stdin.isTTY));
  if (nobody) say(`benchhand mcp: ${nobody}`);
  const inputs = task.secrets.map((name) => `{${name}}: secret`);
  const server = mcpServer(session, sessionInstructions(inputs));
  let closed: Promise<void>;
  if (http) {
    const served = await serveHttp(server, http);
    say(`benchhand mcp: Streamable HTTP on ${served.url}; state in ${stateDir}`);
    closed = served.closed;
    const stop = (): void => void served.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } else {
    const transport = new StdioServerTransport();
    closed = new Promise((resolve) => (server.onclose = resolve));
    await server.connect(transport);
    process.stdin.once('end', () => void server.close());
    say(`benchhand mcp: serving MCP on stdio; state in ${stateDir}`);
    process.once('SIGINT', () => void server.close());
    process.once('SIGTERM', () => void server.close());
  }
  await closed;
  await session.close();
  return 0;
}

/** --http HOST:PORT (or PORT alone: loopback), with the token from an environment variable or a file. */
export function httpEndpoint(
  address: string,
  tokenEnv: string | undefined,
  tokenFile: string | undefined,
): HttpEndpoint {
  const match = /^(?:(.+):)?(\d{1,5})$/.exec(address);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535)
    throw new UsageError(`--http must be HOST:PORT or PORT (e.g. 127.0.0.1:8765); got "${address}"\nusage: ${USAGE}`);
  const host = (match[1] ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1');
  if (!!tokenEnv === !!tokenFile)
    throw new UsageError(
      `--http needs a bearer token from exactly one of --token-env VAR (an environment variable) or --token-file FILE; a request without it is refused\nusage: ${USAGE}`,
    );
  let token: string | undefined;
  if (tokenEnv) {
    token = process.env[tokenEnv];
    if (!token)
      throw new UsageError(
        `--token-env names ${tokenEnv}, which is not set or empty: export it with the token clients will send`,
      );
  } else {
    if (!existsSync(tokenFile!))
      throw new UsageError(`--token-file ${tokenFile} does not exist: write the token clients will send into it`);
    token = readFileSync(tokenFile!, 'utf8').trim();
    if (!token) throw new UsageError(`--token-file ${tokenFile} is empty: write the token clients will send into it`);
  }
  if (token.length < 16)
    throw new UsageError(
      `the bearer token must be at least 16 characters (got ${token.length}): e.g. openssl rand -hex 24`,
    );
  return { host, port, token };
}

function withUsage<T>(make: () => T): T {
  try {
    return make();
  } catch (error) {
    if (error instanceof SessionTaskError) throw new UsageError(`${error.message}\nusage: ${USAGE}`);
    throw error;
  }
}

/**
 * Why `--approve ask` has nobody to ask, or undefined when someone can answer: under stdio the
 * terminal is the client's pipe, so only an MQTT operator (or the web console) can approve.
 */
export function approverMissing(
  approve: 'ask' | 'all' | 'none',
  mqtt: boolean,
  http: boolean,
  terminal: boolean,
): string | undefined {
  if (approve !== 'ask' || mqtt || (http && terminal)) return undefined;
  return 'approvals: nobody to ask (no --mqtt operator or web console, and no terminal); a guarded action will be refused with the reason. Give --mqtt URL --bench-id ID so an operator approves, or --approve all to allow them.';
}
