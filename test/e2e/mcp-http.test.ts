// `benchhand mcp --http` driven by the MCP SDK's own Client over Streamable HTTP on a virtual bench,
// with operators on a real mosquitto: a request without the bearer token (or with another) refused
// before the SDK sees it; with it, the tools listed, a read, a tap, a screenshot; then an e-stop sent
// by an operator (`benchhand ops`) while the client drives stops the client's next call with
// nothing moved, and an operator's stop ends the run under the client. One bench, one session.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestOperator } from '../integration/mqtt/test-operator.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { startCrashBench, type CrashBench } from '../support/crash-bench.js';
import { callTool, onBench, startHttp, textOf, type HttpSession } from '../support/mcp-client.js';
import { Mosquitto } from '../support/mosquitto.js';
import { runCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const TOKEN = 'test-token-0123456789abcdef';
const BENCH_ID = 'mcp-bench';

describeWithMosquitto('benchhand mcp over Streamable HTTP', () => {
  let broker: Mosquitto;
  let bench: CrashBench;
  let server: HttpSession;
  let client: Client | undefined;

  beforeAll(async () => {
    broker = await Mosquitto.start();
    bench = await startCrashBench();
    server = await startHttp(
      [...onBench(bench), '--mqtt', broker.url, '--bench-id', BENCH_ID, '--token-env', 'MCP_TEST_TOKEN'],
      { MCP_TEST_TOKEN: TOKEN },
    );
  });

  afterAll(async () => {
    await client?.close();
    server?.kill();
    await bench?.close();
    await broker?.stop();
  });

  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  it('refuses a request without the token, or with another', async () => {
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await post({ authorization: TOKEN })).status).toBe(401);
    await expect(server.connect(undefined)).rejects.toThrow(/bearer token is required/);
  });

  it('with the token: lists, reads, taps, takes a screenshot; an e-stop stops the next call, a stop ends the run', async () => {
    client = await server.connect(TOKEN);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('tap_text');
    expect(textOf(await callTool(client, 'read_screen'))).toMatch(/Network & internet/);
    const tap = await callTool(client, 'tap_text', { text: 'Network & internet' });
    expect(textOf(tap)).toMatch(/^status: ok/);
    expect(bench.taps()).toHaveLength(1);
    // Operators are shown an MCP client driving the run, not a script.
    const operator = await TestOperator.connect(broker.url);
    await operator.watch(`benchhand/${BENCH_ID}/state`);
    await operator.until(() => operator.on(`benchhand/${BENCH_ID}/state`).length > 0, 10_000, 'the retained state');
    const state = JSON.parse(operator.on(`benchhand/${BENCH_ID}/state`).at(-1)!.payload.toString()) as {
      run?: { interpreter?: string };
    };
    await operator.close();
    expect(state.run?.interpreter).toBe('mcp');
    const shot = await callTool(client, 'take_screenshot', { name: 'network' });
    expect(shot.content.find((part) => part.type === 'image')?.mimeType).toBe('image/jpeg');

    const estop = await runCli(['ops', 'send', BENCH_ID, 'estop', '--broker', broker.url]);
    expect(estop.code, estop.stdout + estop.stderr).toBe(0);
    const screenBefore = bench.bench.device.screen;
    const stopped = await callTool(client, 'tap_text', { text: 'More' });
    expect(stopped.isError).toBe(true);
    expect(textOf(stopped)).toMatch(/^status: estopped[\s\S]*Nothing moved/);
    expect(bench.taps()).toHaveLength(1);
    expect(bench.bench.device.screen).toBe(screenBefore);

    // The client is quiet now: the operator's stop still ends the run.
    expect((await runCli(['ops', 'send', BENCH_ID, 'stop', '--broker', broker.url])).code).toBe(0);
    await until(() => /mcp session ended: cancelled/.test(server.stderr()), 60_000, 'the run ending on the stop');
    const after = await callTool(client, 'read_screen');
    expect(after.isError).toBe(true);
    expect(textOf(after)).toMatch(/run ended \(cancelled: stopped by/);
  });
});
