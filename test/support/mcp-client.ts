// `benchhand mcp` driven by the MCP SDK's own Client, over stdio (the CLI spawned as a desktop
// client would) or Streamable HTTP: the CLI built for the test run, else the source through tsx.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { spawnCli } from './run-cli.js';
import { until } from './until.js';

const source = fileURLToPath(new URL('../../src/cli/run.ts', import.meta.url));

export function cliArgs(args: string[]): { command: string; args: string[] } {
  const built = process.env.BENCHHAND_TEST_CLI;
  return { command: process.execPath, args: [...(built ? [built] : ['--import', 'tsx', source]), ...args] };
}

/** The session on a served virtual bench, in its state directory, with no approver (--approve none). */
export const onBench = (bench: { url: string; stateDir: string }): string[] => [
  '--bench',
  bench.url,
  '--state-dir',
  bench.stateDir,
  '--approve',
  'none',
];

export interface StdioSession {
  client: Client;
  transport: StdioClientTransport;
  /** What the server said on stderr. */
  stderr(): string;
  /** The server's process id (to kill it). */
  pid(): number | null;
}

export async function connectStdio(args: string[], env: Record<string, string> = {}): Promise<StdioSession> {
  const { command, args: full } = cliArgs(['mcp', ...args]);
  const transport = new StdioClientTransport({
    command,
    args: full,
    env: { ...(process.env as Record<string, string>), BENCHHAND_CONFIG: 'none', ...env },
    stderr: 'pipe',
  });
  let said = '';
  transport.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const client = new Client({ name: 'benchhand-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, stderr: () => said, pid: () => transport.pid };
}

/** A tool call's text content, joined. */
export function textOf(result: unknown): string {
  return ((result as CallToolResult).content ?? [])
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n');
}

/** Calls a tool with a long request timeout: a step on the virtual bench reads the screen (seconds on a busy machine). */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, { timeout: 110_000 })) as CallToolResult;
}

export interface HttpSession {
  /** The MCP endpoint the server printed. */
  url: string;
  stderr(): string;
  exited: Promise<number | null>;
  connect(token: string | undefined): Promise<Client>;
  kill(): void;
}

/** Spawns `benchhand mcp --http 127.0.0.1:0 ...` and waits for the address it prints. */
export async function startHttp(args: string[], env: Record<string, string>): Promise<HttpSession> {
  const child = spawnCli(['mcp', '--http', '127.0.0.1:0', ...args], env);
  let said = '';
  child.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await until(
    () => /Streamable HTTP on (\S+);/.test(said),
    60_000,
    `benchhand mcp --http printing its address:\n${said}`,
  );
  const url = /Streamable HTTP on (\S+);/.exec(said)![1]!;
  return {
    url,
    stderr: () => said,
    exited,
    async connect(token) {
      const transport = new StreamableHTTPClientTransport(new URL(url), {
        ...(token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {}),
      });
      const client = new Client({ name: 'benchhand-test', version: '1.0.0' });
      await client.connect(transport);
      return client;
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
