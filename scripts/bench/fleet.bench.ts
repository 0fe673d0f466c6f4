// The fleet's throughput and claim latency: 1, 2 and 3 `benchhand service` processes, each with its
// own virtual phone and simulated MCU, on one mosquitto (loopback); the same suite of short flows
// (one tap, one key each) submitted once per size, timed from the submit to the last result. The
// claim latency is from a job's publish to its retained claim, for the jobs that found a bench idle
// (the first of each bench). Skipped when mosquitto is not installed.
import { type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { Mosquitto, mosquittoMissing } from '../../test/support/mosquitto.js';
import { runCli, spawnCli } from '../../test/support/run-cli.js';
import { percentile, round } from './stats.js';

/** Jobs per fleet: two per bench of the largest fleet (6 for the measured 1, 2, 3). */
const JOBS_PER_BENCH = 2;

/** Fleets of 1 to `largest` benches, each given the same jobs. */
export async function benchFleet(largest = 3): Promise<Record<string, unknown>> {
  const sizes = Array.from({ length: largest }, (_, index) => index + 1);
  const jobs = JOBS_PER_BENCH * largest;
  const missing = mosquittoMissing();
  if (missing) return { skipped: missing };
  const figures: Record<string, unknown> = {};
  const latencies: number[] = [];
  for (const size of sizes) {
    const { jobsPerMinute, claimMs } = await oneFleet(size, jobs);
    figures[`${size} bench${size > 1 ? 'es' : ''}: jobs per minute (${jobs} jobs)`] = round(jobsPerMinute, 1);
    latencies.push(...claimMs);
  }
  figures['claim latency, job published -> claim retained, idle bench, median ms'] = round(
    percentile(latencies, 50),
    1,
  );
  figures['claim latency p90 ms'] = round(percentile(latencies, 90), 1);
  figures['claim samples'] = latencies.length;
  return figures;
}

async function oneFleet(size: number, jobs: number): Promise<{ jobsPerMinute: number; claimMs: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-bench-'));
  const broker = await Mosquitto.start();
  const flows = join(dir, 'flows');
  mkdirSync(flows);
  for (let n = 1; n <= jobs; n += 1) {
    writeFileSync(
      join(flows, `open-list-${n}.yaml`),
      `goal: Open the network list and come back (${n})\nsteps:\n  - tap: Network & internet\n    expect: Choose a network\n    timeout_ms: 10000\n  - key: ESC\n    expect: Network & internet\n    timeout_ms: 10000\n  - submit: { summary: done }\n`,
    );
  }
  const benches: { bench: VirtualBench; server: BenchServer; child: ChildProcess }[] = [];
  const watcher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
  const published = new Map<string, number>();
  const claimed = new Map<string, number>();
  const finished = new Set<string>();
  const online = new Set<string>();
  watcher.on('message', (topic, payload) => {
    const at = performance.now();
    if (topic.endsWith('/service/status') && payload.toString() === 'online') online.add(topic);
    else if (topic.includes('/claims/')) claimed.set(topic.split('/').at(-1)!, at);
    else if (topic.includes('/results/')) finished.add(topic.split('/').at(-1)!);
    else if (topic.includes('/jobs/')) {
      const id = JSON.parse(payload.toString()).jobId as string;
      if (!published.has(id)) published.set(id, at);
    }
  });
  await watcher.subscribeAsync([
    'benchhand/+/service/status',
    'benchhand/_fleet/lab/claims/+/+',
    'benchhand/_fleet/lab/results/+/+',
    'benchhand/_fleet/lab/jobs/+',
  ]);
  try {
    for (let i = 1; i <= size; i += 1) {
      const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
      const server = await BenchServer.start(bench);
      const config = join(dir, `f${i}.yaml`);
      writeFileSync(config, `bench:\n  id: f${i}\n  stateDir: ${join(dir, `f${i}`)}\nmqtt:\n  url: ${broker.url}\n`);
      const child = spawnCli([
        'service',
        '--config',
        config,
        '--bench',
        server.url,
        '--pool',
        'lab',
        '--ping-ms',
        '1000',
        '--hand-on-ms',
        '1500',
      ]);
      child.stderr!.resume();
      child.stdout!.resume();
      benches.push({ bench, server, child });
    }
    await waitFor(() => online.size === size, 120_000, 'the benches online');
    const start = performance.now();
    const submitted = await runCli([
      'ops',
      'submit',
      flows,
      '--pool',
      'lab',
      '--deadline',
      '30m',
      '--broker',
      broker.url,
    ]);
    if (submitted.code !== 0) throw new Error(`ops submit failed: ${submitted.stderr}`);
    await waitFor(() => finished.size === jobs, 30 * 60_000, 'every result');
    const minutes = (performance.now() - start) / 60_000;
    // The first claim of each bench found it idle; later ones waited for a bench to finish.
    const byClaim = [...claimed.entries()].sort((a, b) => a[1] - b[1]).slice(0, size);
    return { jobsPerMinute: jobs / minutes, claimMs: byClaim.map(([id, at]) => at - (published.get(id) ?? at)) };
  } finally {
    await watcher.endAsync();
    for (const { bench, server, child } of benches) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await server.close();
      await bench.stop();
    }
    await broker.stop();
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
