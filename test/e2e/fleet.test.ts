// A fleet on one broker: three `benchhand service` processes, each with its own virtual phone and
// simulated MCU, serving pool "lab" on one real mosquitto. A suite of nine flows is submitted once
// and gathered into one JUnit file; every flow runs exactly once fleet-wide (the MCUs' own logs and
// the results agree). Bench b1 is killed right after its first durable claim, before the PUBACK: the
// broker hands that job back to b1's kept session and b1 runs it once. Bench b2 is killed mid-flow
// (verifying its second action) and restarted: b2 resumes the flow and nothing is actuated twice.
// A job for tags no bench has is reported unclaimed at its deadline; a malformed job is refused.
import { execFileSync, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { describeWithMosquitto } from '../integration/ops/broker-requirement.js';
import { Mosquitto } from '../support/mosquitto.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const XSD = resolve('docs/junit/junit.xsd');
const BENCHES = ['b1', 'b2', 'b3'] as const;
type BenchId = (typeof BENCHES)[number];
const CRASH: Record<BenchId, NodeJS.ProcessEnv> = {
  b1: { BENCHHAND_FLEET_CRASH_AT: 'claimed' },
  b2: { BENCHHAND_CRASH_AT: 'verify:2' },
  b3: {},
};

interface Served {
  bench: VirtualBench;
  server: BenchServer;
  config: string;
  stateDir: string;
  child?: ChildProcess;
  log: string;
  exits: (number | null)[];
}

describeWithMosquitto('a fleet of three benches on one broker', () => {
  let broker: Mosquitto;
  const dir = mkdtempSync(join(tmpdir(), 'bh-fleet-'));
  const served = new Map<BenchId, Served>();
  const ops = (args: string[]) => runCli(['ops', ...args, '--broker', broker.url]);

  const start = (id: BenchId, env: NodeJS.ProcessEnv) => {
    const s = served.get(id)!;
    const child = spawnCli(
      [
        'service',
        '--config',
        s.config,
        '--bench',
        s.server.url,
        '--pool',
        'lab',
        '--ping-ms',
        '500',
        '--hand-on-ms',
        '1500',
      ],
      { BENCHHAND_FLEET_TRACE: '1', ...env },
    );
    child.stderr!.on('data', (d: Buffer) => (s.log += d.toString()));
    child.stdout!.on('data', (d: Buffer) => (s.log += d.toString()));
    // Killed on purpose once: started again, without the crash switch, as systemd would.
    child.on('exit', (code, signal) => {
      s.exits.push(code);
      if (signal === 'SIGKILL' && s.exits.length === 1) start(id, {});
    });
    s.child = child;
  };
  const keysAndTaps = (id: BenchId) => {
    const events = served.get(id)!.bench.mcu.events();
    return {
      taps: events.filter((e) => e.ev === 'tap_down').length,
      keys: events.filter((e) => e.ev === 'key_down').length,
    };
  };

  beforeAll(async () => {
    broker = await Mosquitto.start();
    const flows = join(dir, 'flows');
    mkdirSync(flows);
    // One tap and one key each, back where the phone started: the next job finds the same screen.
    writeFileSync(
      join(flows, '_back.yaml'),
      'steps:\n  - key: ESC\n    expect: Network & internet\n    timeout_ms: 10000\n',
    );
    for (let n = 1; n <= 9; n += 1) {
      writeFileSync(
        join(flows, `open-list-${n}.yaml`),
        `goal: Open the network list and come back (${n})\nsteps:\n  - tap: Network & internet\n    expect: Choose a network\n    timeout_ms: 10000\n  - run_flow: _back.yaml\n  - submit: { summary: "list ${n} opened and closed" }\n`,
      );
    }
    for (const id of BENCHES) {
      const bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
      const server = await BenchServer.start(bench);
      const stateDir = join(dir, id);
      const config = join(dir, `${id}.yaml`);
      writeFileSync(config, `bench:\n  id: ${id}\n  stateDir: ${stateDir}\nmqtt:\n  url: ${broker.url}\n`);
      served.set(id, { bench, server, config, stateDir, log: '', exits: [] });
      start(id, CRASH[id]);
    }
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const online = new Set<string>();
    client.on('message', (topic, payload) => {
      if (payload.toString() === 'online') online.add(topic);
    });
    await client.subscribeAsync('benchhand/+/service/status');
    // Three services start at once, each loading its reader: on a loaded two-core machine that
    // took over a minute (a suite run beside two busy processes).
    await until(() => online.size === 3, 180000, 'three benches online');
    await client.endAsync();
  }, 240000);

  afterAll(async () => {
    for (const [id, s] of served) {
      writeFileSync(join(dir, `${id}.log`), s.log); // for a look after a failure
      s.child?.kill('SIGTERM');
      await s.server.close();
      await s.bench.stop();
    }
    await broker?.stop();
  });

  it('describes each bench while idle: device tags, firmware from the handshake, capabilities, state', async () => {
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const got = new Map<string, Record<string, unknown>>();
    client.on('message', (topic, payload) => got.set(topic, JSON.parse(payload.toString())));
    await client.subscribeAsync('benchhand/+/service/description');
    await until(
      () => [...got.values()].filter((d) => d.firmware).length === 3,
      30000,
      'three descriptions with firmware',
    );
    await client.endAsync();
    expect(got.get('benchhand/b3/service/description')).toMatchObject({
      benchId: 'b3',
      pool: 'lab',
      tags: { model: 'settings-wifi', os: 'virtual', resolution: '1080x2400' },
      firmware: { version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      capabilities: ['gestures', 'keyboard', 'tap'],
    });
  });

  it("runs a suite of nine flows once each, fleet-wide, resumes a killed bench's flow on that bench, and gathers one JUnit file", async () => {
    const submitted = await ops([
      'submit',
      join(dir, 'flows'),
      '--pool',
      'lab',
      '--deadline',
      '10m',
      '--suite',
      'suite-nine',
      '--json',
    ]);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(JSON.parse(submitted.stdout).jobs).toHaveLength(9);
    const out = join(dir, 'results');
    const gathered = await ops([
      'results',
      '--pool',
      'lab',
      '--suite',
      'suite-nine',
      '--wait',
      '300',
      '--format',
      'junit',
      '--output',
      out,
      '--json',
    ]);
    expect(
      gathered.code,
      `${gathered.stdout}\n${gathered.stderr}\n${[...served.values()].map((s) => s.log).join('\n---\n')}`,
    ).toBe(0);
    const outcomes = JSON.parse(gathered.stdout) as {
      jobId: string;
      status: string;
      benchId: string;
      claimedBy: string[];
    }[];
    expect(outcomes).toHaveLength(9);
    for (const o of outcomes) {
      expect(o.status, o.jobId).toBe('passed');
      expect(o.claimedBy, o.jobId).toEqual([o.benchId]);
    }
    // The MCUs' own logs: one tap and one key per job that bench ran, nothing more.
    for (const id of BENCHES) {
      const ran = outcomes.filter((o) => o.benchId === id).length;
      expect(keysAndTaps(id), id).toEqual({ taps: ran, keys: ran });
    }
    // Both killed benches came back and finished the job they held when they died.
    expect(served.get('b1')!.exits[0]).toBeNull();
    expect(served.get('b2')!.exits[0]).toBeNull();
    // b1 died between its durable claim and the PUBACK: the broker handed the job back to b1's kept
    // session, b1's ledger knew the id, and b1 ran it (once: the MCU counts above).
    const b1Claimed = /fleet: (\S+) again: already claimed by this bench/.exec(served.get('b1')!.log)?.[1];
    expect(b1Claimed, served.get('b1')!.log).toBeDefined();
    expect(outcomes.find((o) => o.jobId === b1Claimed)!.benchId).toBe('b1');
    const b2Resumed = /fleet: resuming (\S+)/.exec(served.get('b2')!.log)?.[1];
    expect(b2Resumed, served.get('b2')!.log).toBeDefined();
    expect(outcomes.find((o) => o.jobId === b2Resumed)!.benchId).toBe('b2');
    expect(served.get('b2')!.log).toMatch(/recovery: continue/);
    // One JUnit file for the whole suite, valid against the schema.
    const junit = join(out, 'junit.xml');
    const valid = spawnSync('xmllint', ['--noout', '--schema', XSD, junit], { encoding: 'utf8' });
    expect(valid.status, valid.stderr).toBe(0);
    expect(execFileSync('xmllint', ['--xpath', 'count(//testcase)', junit], { encoding: 'utf8' }).trim()).toBe('9');
    expect(
      execFileSync('xmllint', ['--xpath', 'string(/testsuites/@failures)', junit], { encoding: 'utf8' }).trim(),
    ).toBe('0');
    expect(readFileSync(junit, 'utf8')).toMatch(/open-list-1/);
  }, 480000);

  it('runs nothing again for a job id it has seen: the same job published twice more', async () => {
    const before = BENCHES.map(keysAndTaps);
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const ranIt = [...served.values()].find((s) =>
      existsSync(join(s.stateDir, 'fleet', 'jobs', 'suite-nine-003', 'claim.json')),
    )!;
    const job = JSON.parse(
      readFileSync(join(ranIt.stateDir, 'fleet', 'jobs', 'suite-nine-003', 'claim.json'), 'utf8'),
    ).job;
    const dropped = () =>
      [...served.values()].reduce((n, s) => n + (s.log.match(/suite-nine-003 again:/g) ?? []).length, 0);
    const droppedBefore = dropped();
    const claims: string[] = [];
    client.on('message', (topic) => claims.push(topic));
    for (let i = 0; i < 2; i += 1)
      await client.publishAsync('benchhand/_fleet/lab/jobs/any', JSON.stringify(job), { qos: 1 });
    await client.subscribeAsync('benchhand/_fleet/lab/claims/+/suite-nine-003');
    await until(() => claims.length >= 1, 10000, 'the retained claim');
    // Each of the two copies reaches a bench that drops it (its ledger, or the claim it saw).
    await until(() => dropped() >= droppedBefore + 2, 30000, 'both copies dropped');
    await client.endAsync();
    expect(new Set(claims).size).toBe(1);
    expect(BENCHES.map(keysAndTaps)).toEqual(before);
  });

  it('reports a job for tags no bench has as unclaimed at its deadline, and refuses a malformed job with the field', async () => {
    const before = BENCHES.map(keysAndTaps);
    const submitted = await ops([
      'submit',
      join(dir, 'flows', 'open-list-1.yaml'),
      '--pool',
      'lab',
      '--tags',
      'model=pixel-9',
      '--deadline',
      '3s',
      '--suite',
      'suite-nobody',
    ]);
    expect(submitted.code, submitted.stderr).toBe(0);
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    await client.publishAsync(
      'benchhand/_fleet/lab/jobs/any',
      JSON.stringify({
        version: 1,
        jobId: 'broken-0001',
        pool: 'lab',
        suite: 'suite-broken',
        name: 'broken',
        flow: { entry: 'a.yaml', files: [] },
        tags: {},
        params: {},
        submittedAt: new Date().toISOString(),
        deadline: 'tomorrow',
      }),
      { qos: 1 },
    );
    const refusals: Record<string, unknown>[] = [];
    client.on('message', (_topic, payload) => refusals.push(JSON.parse(payload.toString())));
    await client.subscribeAsync('benchhand/_fleet/lab/results/+/broken-0001');
    await until(() => refusals.length > 0, 20000, 'the refusal');
    await client.endAsync();
    expect(refusals[0]).toMatchObject({
      status: 'refused',
      reason: { field: 'flow.files', message: expect.stringMatching(/at least 1|>=1|too small/i) },
    });
    const results = await ops(['results', '--pool', 'lab', '--suite', 'suite-nobody', '--wait', '20']);
    expect(results.stdout).toMatch(/^UNCLAIMED +suite-nobody-001 +open-list-1/m);
    expect(results.code).toBe(1);
    expect(BENCHES.map(keysAndTaps)).toEqual(before);
  });

  it('says offline itself on SIGTERM (a clean disconnect fires no will), and its state stays retained', async () => {
    const b3 = served.get('b3')!;
    const exited = new Promise<number | null>((resolve) => b3.child!.once('exit', resolve));
    b3.child!.kill('SIGTERM');
    expect(await exited).toBe(0);
    const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const got = new Map<string, string>();
    client.on('message', (topic, payload) => got.set(topic, payload.toString()));
    await client.subscribeAsync(['benchhand/b3/service/status', 'benchhand/b3/service/state']);
    await until(() => got.size === 2, 10000, "b3's retained presence");
    await client.endAsync();
    expect(got.get('benchhand/b3/service/status')).toBe('offline');
    expect(JSON.parse(got.get('benchhand/b3/service/state')!)).toMatchObject({
      benchId: 'b3',
      state: 'idle',
      job: null,
    });
  });
});
