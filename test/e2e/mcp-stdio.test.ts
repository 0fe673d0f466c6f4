// `benchhand mcp` over stdio, driven by the MCP SDK's own Client on a virtual bench served on
// loopback (the test sees the MCU's log and the phone): the tools listed with the LLM's names,
// a read, a tap that moves the phone, a screenshot as an upright JPEG, and a guarded tap with no
// approver (--approve none) refused as a tool error with nothing moved. One bench for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCrashBench, type CrashBench } from '../support/crash-bench.js';
import { callTool, connectStdio, onBench, textOf, type StdioSession } from '../support/mcp-client.js';
import { MCP_TOOL_NAMES } from '../../src/app/mcp/mcp-tools.js';

let bench: CrashBench;
let session: StdioSession;

beforeAll(async () => {
  bench = await startCrashBench();
  session = await connectStdio([...onBench(bench), '--ask-before', '^More$']);
});

afterAll(async () => {
  await session?.client.close();
  await bench?.close();
});

describe('benchhand mcp over stdio', () => {
  it('lists the loop tools with their schemas', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([...MCP_TOOL_NAMES]);
    const tap = tools.find((t) => t.name === 'tap_text')!;
    expect(tap.inputSchema.properties).toHaveProperty('text');
    expect(tools.map((t) => t.name)).not.toContain('submit_result');
  });

  it('reads the screen, taps, takes a screenshot, and refuses a guarded tap with nothing moved', async () => {
    const read = await callTool(session.client, 'read_screen');
    expect(read.isError).toBeFalsy();
    expect(textOf(read)).toMatch(/Network & internet/);

    const tap = await callTool(session.client, 'tap_text', { text: 'Network & internet' });
    expect(textOf(tap), textOf(tap)).toMatch(/^status: ok/);
    expect(bench.taps()).toHaveLength(1);
    // The next look comes back with the outcome, as it does for the LLM.
    expect(textOf(tap)).toMatch(/Current screen[\s\S]*More/);

    const shot = await callTool(session.client, 'take_screenshot', { name: 'network' });
    const image = shot.content.find((part) => part.type === 'image');
    expect(image?.mimeType).toBe('image/jpeg');
    const bytes = Buffer.from(image!.data, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const screenBefore = bench.bench.device.screen;
    const guarded = await callTool(session.client, 'tap_text', { text: 'More' });
    expect(guarded.isError).toBe(true);
    expect(textOf(guarded)).toMatch(/denied_by_user[\s\S]*--approve none/);
    expect(bench.taps()).toHaveLength(1);
    expect(bench.bench.device.screen).toBe(screenBefore);

    const journal = await session.client.readResource({ uri: 'benchhand://run/journal' });
    const text = (journal.contents[0] as { text: string }).text;
    expect(text.split('\n').filter((l) => l.includes('"intent"'))).toHaveLength(1);
  });
});
