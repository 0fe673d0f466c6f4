// `benchhand mcp` driven by the MCP SDK's own Client, over stdio (the CLI spawned as a desktop
// client would) or Streamable HTTP: the CLI built for the test run, else the source through tsx.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const source = fileURLToPath(new URL('../../src/cli/run.ts', import.meta.url));

export function cliArgs(args: string[]): { command: string; args: string[] } {
  const built = process.env.BENCHHAND_TEST_CLI;
  return { command: process.execPath, args: [...(built ? [built] : ['--import', 'tsx', source]), ...args] };
}

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
