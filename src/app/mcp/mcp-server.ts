// The MCP server of a session, on the official SDK's low-level Server: tools/list gives the
// registry's own JSON Schemas unchanged, and tools/call hands the raw arguments to the loop, whose
// guard validates them (a bad call is an audited tool error, as a model's is). No protocol code
// here: the SDK speaks MCP, this file only answers its requests.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';
import type { McpSession } from './mcp-session.js';
import { isMcpTool, mcpToolSpecs } from './mcp-tools.js';
import { listResources, readResource } from './mcp-resources.js';
import { toolResult } from './tool-reply.js';

export function mcpServer(session: McpSession, instructions: string): Server {
  const server = new Server(
    { name: 'benchhand', version: packageVersion() },
    { capabilities: { tools: {}, resources: {} }, instructions },
  );
  const tools: Tool[] = mcpToolSpecs().map((spec) => ({
    name: spec.name,
    description: spec.description,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
  }));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (!isMcpTool(name))
      return {
        content: [
          { type: 'text', text: `status: unknown_tool\nNo tool ${name} here; tools/list names the ones there are.` },
        ],
        isError: true,
      };
    const reply = await session.call(name, args);
    const result = await toolResult(name, reply, () => session.bench.get('rig').calibration);
    // A resumed session's first answer carries what recovery found, before the client acts on a guess.
    const handoff = session.takeHandoff();
    if (handoff) result.content.unshift({ type: 'text', text: `This session resumed an earlier run:\n${handoff}` });
    return result;
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(request.params.uri, session.stateDir));
  return server;
}

/** What the client is told at the start: what a session is and the inputs it may type. */
export function sessionInstructions(inputs: string[]): string {
  return [
    'benchhand drives a real phone on a bench through a camera and a robot finger. Each tool call is one step of the bench loop: observed, guarded, journaled, acted, verified, checkpointed. Approvals go to the people at the bench, never to you; a refused action comes back as a tool error and nothing moved.',
    inputs.length
      ? `Task inputs (write {name} in type_text to type one; secrets are never shown):\n${inputs.join('\n')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
