// Latency per tool call of `benchhand mcp` over stdio (the MCP SDK's own Client, the CLI spawned as
// a desktop client launches it, its own virtual bench) beside the same step in `benchhand run`
// (runTask in process, as agent-step.bench.ts runs it): the Wi-Fi task's four taps to the
// password field. A client's call comes back with the next look, as an LLM's tool result does, so
// one call is one whole step (guard, journal, act, verify, checkpoint, then observe): the same
// work as a step of `run` (observe, interpret, act, verify, checkpoint) in another order.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openBench } from '../../src/app/bench/open-bench.js';
import { loadTask } from '../../src/app/agent/task-file.js';
import { runBenchSettings, runTask } from '../../src/app/agent/run-task.js';
import { percentile, round } from './stats.js';

const TASK = 'test/fixtures/tasks/wifi-choose-network.task.yaml';
const DEVICE = 'src/sim/devices/settings-wifi.yaml';
const TAPS = ['Network & internet', 'More', 'HomeNet-5G', 'Password'];

export async function benchMcp(rounds = 3): Promise<Record<string, unknown>> {
  const run: number[] = [];
  const mcp: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < rounds; i++) {
    run.push(...(await tapStepsOfRun()));
    const calls = await tapCallsOverStdio();
    mcp.push(...calls.map((c) => c.ms));
    for (const c of calls) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
  }
  const line = (samples: number[]) =>
    `${round(percentile(samples, 50), 0)} | ${round(percentile(samples, 90), 0)} | ${round(percentile(samples, 99), 0)}`;
  return {
    'benchhand run: a tap step, median | p90 | p99 ms': line(run),
    'benchhand mcp over stdio: a tap_text call, median | p90 | p99 ms': line(mcp),
    'mcp less run, median ms': round(percentile(mcp, 50) - percentile(run, 50), 0),
    'mcp call statuses': Object.entries(statuses)
      .map(([k, v]) => `${k} ${v}`)
      .join(', '),
    'load average (1 min) when measured': round((await import('node:os')).loadavg()[0]!, 1),
    samples: `${run.length} run steps, ${mcp.length} mcp calls, ${rounds} rounds`,
  };
}

/** The whole steps of `run` that tapped: from a step's start to the next one's. */
async function tapStepsOfRun(): Promise<number[]> {
  const task = loadTask(TASK);
  const stateDir = mkdtempSync(join(tmpdir(), 'bh-bench-mcp-run-'));
  const bench = openBench(
    runBenchSettings({ task, stateDir, interpreter: 'script', rig: { kind: 'sim', deviceFile: DEVICE } }),
  );
  const starts: number[] = [];
  const tapped = new Set<number>();
  try {
    await bench.start('rig');
    await runTask({
      task,
      taskFile: TASK,
      bench,
      stateDir,
      interpreter: 'script',
      approvals: 'none',
      signal: new AbortController().signal,
      onProgress: (event) => {
        if (event.type === 'step') starts[event.step] = performance.now();
        if (event.type === 'outcome' && event.tool === 'tap_text') tapped.add(event.step);
      },
    });
  } finally {
    await bench.stop();
  }
  return [...tapped].filter((step) => starts[step + 1] !== undefined).map((step) => starts[step + 1]! - starts[step]!);
}

/** The same taps as tap_text calls of an MCP client, each timed from request to reply. */
async function tapCallsOverStdio(): Promise<{ ms: number; status: string }[]> {
  const stateDir = mkdtempSync(join(tmpdir(), 'bh-bench-mcp-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli/run.ts', 'mcp', '--sim', DEVICE, '--state-dir', stateDir, '--approve', 'none'],
    env: { ...(process.env as Record<string, string>), BENCHHAND_CONFIG: 'none' },
    stderr: 'ignore',
  });
  const client = new Client({ name: 'benchhand-bench', version: '1.0.0' });
  await client.connect(transport);
  const options = { timeout: 120_000 };
  try {
    // Not timed: the first call waits for the bench to start and the reader to warm up.
    await client.callTool({ name: 'read_screen', arguments: {} }, undefined, options);
    const calls: { ms: number; status: string }[] = [];
    for (const text of TAPS) {
      const t = performance.now();
      const result = (await client.callTool(
        { name: 'tap_text', arguments: { text } },
        undefined,
        options,
      )) as CallToolResult;
      const ms = performance.now() - t;
      const first = result.content[0];
      calls.push({ ms, status: first?.type === 'text' ? (/^status: (\S+)/.exec(first.text)?.[1] ?? '?') : '?' });
    }
    return calls;
  } finally {
    await client.close();
  }
}
