// Two copies of one job on a real mosquitto (what a bench killed mid hand-on leaves behind when it
// publishes its held copy again at restart): the broker deals one copy to each of two idle benches,
// both claim it durably, and first claim wins — exactly one bench runs it, the other yields (its
// ledger says so, its retained claim carries yieldedTo), and ops results counts one claiming bench.
// `ops cancel`: a job no bench has claimed is never taken; a claimed one is refused with the reason.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FleetBench, type ClaimedJob } from '../../../src/app/fleet/fleet-bench.js';
import { fleetJob } from '../../support/fleet-job.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { runCli } from '../../support/run-cli.js';
import { until } from '../../support/until.js';
import { describeWithMosquitto } from './broker-requirement.js';

describeWithMosquitto('two copies of one job reach two idle benches', () => {
  let broker: Mosquitto;
  const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-copies-'));
  const benches: FleetBench[] = [];
  const logs = new Map<string, string[]>();
  beforeAll(async () => {
    broker = await Mosquitto.start();
    for (const benchId of ['c1', 'c2']) {
      logs.set(benchId, []);
      benches.push(
        await FleetBench.start({
          mqtt: { url: broker.url, benchId },
          stateDir: join(dir, benchId),
          pool: 'lab',
          tags: {},
          say: (line) => logs.get(benchId)!.push(line),
        }),
      );
    }
  });
  afterAll(async () => {
    for (const bench of benches) await bench.close();
    await broker?.stop();
  });

  it('is run by one bench only; the other yields to the claim the broker took first', async () => {
    const job = fleetJob({
      jobId: 'copies-0001',
      name: 'copy',
      suite: 'copies-suite',
      at: Date.now(),
      deadlineAfterMs: 60_000,
    });
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const claims = new Map<string, Record<string, unknown>>();
    client.on('message', (topic, payload) => {
      if (payload.length) claims.set(topic, JSON.parse(payload.toString()));
    });
    await client.subscribeAsync('benchhand/_fleet/lab/claims/+/copies-0001');
    // Round robin in the shared group: one copy to each bench.
    for (let i = 0; i < 2; i += 1)
      await client.publishAsync('benchhand/_fleet/lab/jobs/any', JSON.stringify(job), { qos: 1 });
    const taken: (ClaimedJob | undefined)[] = [];
    const signal = new AbortController().signal;
    await Promise.all(
      benches.map(async (bench, i) => {
        taken[i] = await bench.nextJob(signal, 4000);
      }),
    );
    await until(() => [...claims.values()].some((c) => c.yieldedTo), 10000, 'the yielded claim').catch((e: Error) => {
      throw new Error(`${e.message}\n${[...logs.entries()].map(([b, l]) => `${b}: ${l.join(' | ')}`).join('\n')}`);
    });
    await client.endAsync();
    const all = [...logs.values()].flat();
    // Both benches claimed a copy (else this test did not make the window it is about) ...
    expect(
      all.filter((l) => /^fleet: claimed copies-0001/.test(l)),
      all.join('\n'),
    ).toHaveLength(2);
    // ... and exactly one runs it.
    const runners = taken.flatMap((t, i) => (t ? [benches[i]!.benchId] : []));
    expect(runners, all.join('\n')).toHaveLength(1);
    const loser = benches.find((b) => b.benchId !== runners[0])!;
    expect(loser.ledger.known('copies-0001')).toBe('yielded');
    expect(logs.get(loser.benchId)!.join('\n')).toMatch(new RegExp(`yielded copies-0001 to ${runners[0]}`));
    expect(claims.get(`benchhand/_fleet/lab/claims/${loser.benchId}/copies-0001`)).toMatchObject({
      yieldedTo: runners[0],
    });
    expect(claims.get(`benchhand/_fleet/lab/claims/${runners[0]}/copies-0001`)).not.toHaveProperty('yieldedTo');
  });

  it('ops cancel: a job no bench claimed is never taken; a claimed one is refused, naming its bench', async () => {
    const ops = (args: string[]) => runCli(['ops', ...args, '--broker', broker.url]);
    const claimed = await ops(['cancel', 'copies-0001', '--pool', 'lab']);
    expect(claimed.code).toBe(1);
    expect(claimed.stderr).toMatch(
      /job copies-0001 is not cancelled: bench c[12] claimed it: a claimed job belongs to its bench/,
    );
    expect((await ops(['cancel', 'no-such-job-1', '--pool', 'lab'])).stderr).toMatch(
      /pool lab has no job with that id/,
    );
    expect((await ops(['cancel', 'copies-0001'])).stderr).toMatch(/cancel needs --pool NAME/);
    // A job submitted (its retained record), cancelled, then published: every bench drops it.
    const job = fleetJob({
      jobId: 'cancel-0002',
      name: 'cancel-me',
      suite: 'copies-suite',
      at: Date.now(),
      deadlineAfterMs: 60_000,
    });
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const { flow: _flow, params: _params, version: _version, hops: _hops, ...record } = job;
    await client.publishAsync('benchhand/_fleet/lab/submitted/cancel-0002', JSON.stringify(record), {
      qos: 1,
      retain: true,
    });
    const cancelled = await ops(['cancel', 'cancel-0002', '--pool', 'lab']);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(cancelled.stdout).toMatch(/cancelled job cancel-0002: no bench of pool lab will take it/);
    for (let i = 0; i < 2; i += 1)
      await client.publishAsync('benchhand/_fleet/lab/jobs/any', JSON.stringify(job), { qos: 1 });
    await client.endAsync();
    const dropped = () =>
      [...logs.values()].flat().filter((l) => l === 'fleet: cancel-0002 again: cancelled by an operator');
    await until(() => dropped().length === 2, 10000, 'both copies dropped');
    expect([...logs.values()].flat().filter((l) => /claimed cancel-0002/.test(l))).toEqual([]);
    const results = await ops(['results', 'cancel-0002', '--pool', 'lab']);
    expect(results.stdout).toMatch(/^CANCELLED +cancel-0002 +cancel-me/m);
  });
});
