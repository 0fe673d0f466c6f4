// Operators over a real mosquitto steering `benchhand run` on the virtual bench, with the real
// operator client (`benchhand ops`): pause and resume, e-stop reaching the MCU, approval asked
// and given over MQTT (also in the middle of a recovery), and a broker restart losing no event.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { DurableOutbox } from '../../src/adapters/mqtt/durable-outbox.js';
import { OUTBOX_FILE } from '../../src/adapters/mqtt/mqtt-bench.js';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { loadTaskFile, unmetExpectations } from '../../src/sim/device/task-file.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { TestOperator } from '../integration/mqtt/test-operator.js';
import { Mosquitto } from '../support/mosquitto.js';
import { runCli, spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

/** A hang guard for a CLI process getting going (tesseract, the detector, the first looks): slow beside a busy machine's other work. */
const RUN_GOING_MS = 120000;

const TASK = 'src/sim/devices/settings-wifi.task.yaml';

describeWithMosquitto('benchhand run steered over MQTT', () => {
  let broker: Mosquitto;
  let bench: VirtualBench | undefined;
  let server: BenchServer | undefined;
  beforeAll(async () => {
    broker = await Mosquitto.start({ persistence: true });
  });
  afterAll(async () => {
    await broker.stop();
  });
  afterEach(async () => {
    await server?.close();
    await bench?.stop();
  });

  async function freshBench() {
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
    server = await BenchServer.start(bench);
    return { url: server.url, stateDir: mkdtempSync(join(tmpdir(), 'bh-mqtt-')) };
  }
  const taps = () => bench!.mcu.events().filter((e) => e.ev === 'tap_down').length;
  const ops = (...args: string[]) => runCli(['ops', ...args, '--broker', broker.url]);

  function startRun(args: string[]): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
    const child = spawnCli(args);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    return { child, output: () => out, exited: new Promise((resolve) => child.on('exit', resolve)) };
  }

  it('pause holds the run still, resume finishes it', async () => {
    const { url, stateDir } = await freshBench();
    const run = startRun([
      'run',
      TASK,
      '--bench',
      url,
      '--state-dir',
      stateDir,
      '--mqtt',
      broker.url,
      '--bench-id',
      'bench1',
    ]);
    await until(() => /step 2 .*-> ok/.test(run.output()), RUN_GOING_MS, 'the run reaching step 2');
    const paused = await ops('send', 'bench1', 'pause');
    expect(paused.stdout).toMatch(/bench1: pause done/);
    await until(() => /operator_pause -> ok/.test(run.output()), RUN_GOING_MS, 'the pause taken');
    const held = taps();
    await new Promise((r) => setTimeout(r, 1500)); // deliberate: proves nothing moves for 1.5 s
    expect(taps()).toBe(held);
    // The retained state says so (TOPICS.md), as `ops list` reads it.
    const listed = await ops('list');
    expect(listed.stdout).toMatch(/bench1 +online +paused, step \d+/);
    expect((await ops('send', 'bench1', 'resume')).code).toBe(0);
    expect(await run.exited).toBe(0);
    expect(unmetExpectations(loadTaskFile(TASK), bench!.device)).toEqual([]);
    // The audit names the sender by its command topic, cmd/<user> (on this anonymous test broker
    // `ops send` uses the OS user name; with the shipped ACL it is the broker user), not a payload field.
    const operatorLines = readFileSync(join(stateDir, 'audit.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { tool: string; args: { by?: string } })
      .filter((record) => record.tool.startsWith('operator_'));
    expect(operatorLines.map((record) => [record.tool, record.args.by])).toEqual([
      ['operator_pause', userInfo().username],
      ['operator_resume', userInfo().username],
    ]);
  }, 180000);

  it('e-stop reaches the MCU at once and pauses the run; stop ends it', async () => {
    const { url, stateDir } = await freshBench();
    const run = startRun([
      'run',
      TASK,
      '--bench',
      url,
      '--state-dir',
      stateDir,
      '--mqtt',
      broker.url,
      '--bench-id',
      'bench2',
    ]);
    await until(() => /step 2 .*-> ok/.test(run.output()), RUN_GOING_MS, 'the run reaching step 2');
    const stopped = await ops('send', 'bench2', 'estop');
    expect(stopped.code).toBe(0);
    expect(bench!.mcu.events().some((e) => e.ev === 'estop')).toBe(true);
    const held = taps();
    await new Promise((r) => setTimeout(r, 1500)); // deliberate: proves nothing moves for 1.5 s
    expect(taps()).toBe(held);
    expect((await ops('send', 'bench2', 'stop')).code).toBe(0);
    expect(await run.exited).toBe(130);
    expect(run.output()).toMatch(/Cancelled \(stopped by/);
  }, 180000);

  it('an approval asked over MQTT is given over MQTT, also in the middle of a recovery', async () => {
    const { url, stateDir } = await freshBench();
    await runCli(['run', TASK, '--bench', url, '--state-dir', stateDir, '--quiet'], '', {
      BENCHHAND_CRASH_AT: 'checkpoint:3',
    });
    const run = startRun([
      'resume',
      TASK,
      '--bench',
      url,
      '--state-dir',
      stateDir,
      '--mqtt',
      broker.url,
      '--bench-id',
      'bench3',
      '--ask-before',
      '^connect$',
    ]);
    let id = '';
    for (let tries = 0; tries < 100 && !id; tries++) {
      const listed = await ops('list');
      id = /approve\|deny ([0-9a-f-]{36})/.exec(listed.stdout)?.[1] ?? '';
      if (!id) await new Promise((r) => setTimeout(r, 300));
    }
    expect(id).not.toBe('');
    expect((await ops('send', 'bench3', 'approve', id)).stdout).toMatch(/approve done/);
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/approval for tap on "Connect".*given by/);
    expect(unmetExpectations(loadTaskFile(TASK), bench!.device)).toEqual([]);
  }, 240000);

  it('a broker outage in the middle of a run loses no event', async () => {
    const { url, stateDir } = await freshBench();
    const events = 'benchhand/bench4/events';
    const viewer = () =>
      TestOperator.connect(broker.url, {
        clientId: 'e2e-viewer',
        clean: false,
        properties: { sessionExpiryInterval: 600 },
      });
    const first = await viewer();
    await first.watch(events);
    const run = startRun([
      'run',
      TASK,
      '--bench',
      url,
      '--state-dir',
      stateDir,
      '--mqtt',
      broker.url,
      '--bench-id',
      'bench4',
    ]);
    // Starting a run (tesseract, the pty, the first look) is slow on a loaded 2-core machine;
    // this wait is for the run to get going, not for the events.
    await until(() => /step 2 .*-> ok/.test(run.output()), 60000, 'the run reaching step 2');
    await first.close();
    await broker.pause(); // the run goes on; its events wait in the bench's outbox on disk
    await new Promise((r) => setTimeout(r, 2000)); // deliberate: the broker stays down for 2 s while the run goes on
    await broker.resume();
    const second = await viewer();
    await second.watch(events);
    expect(await run.exited).toBe(0);
    // Each audit line (but recovery's) has its outcome event: named "step N tool" so a failure says which.
    const audit = readFileSync(join(stateDir, 'audit.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { step: number; tool: string })
      .filter((record) => record.tool !== 'recovery')
      .map((record) => `step ${record.step} ${record.tool}`);
    const outcomes = () => {
      const seen = new Map<string, string>();
      for (const message of [...first.on(events), ...second.on(events)]) {
        const event = JSON.parse(message.payload.toString()) as {
          id: string;
          type: string;
          step: number;
          tool: string;
        };
        if (event.type === 'outcome') seen.set(event.id, `step ${event.step} ${event.tool}`);
      }
      return [...seen.values()];
    };
    const missing = () => {
      const left = [...outcomes()];
      return audit.filter((name) => {
        const at = left.indexOf(name);
        if (at < 0) return true;
        left.splice(at, 1);
        return false;
      });
    };
    await second.until(() => missing().length === 0, 10000, 'every outcome event').catch(() => undefined);
    // Which side lost it: events the bench never got acknowledged stay in its outbox on disk.
    const outbox = await DurableOutbox.open(join(stateDir, OUTBOX_FILE), () => undefined);
    const unsent = outbox
      .unacknowledged()
      .map((message) => JSON.parse(message.payload) as { type: string; step: number; tool?: string })
      .map((event) => `${event.type} step ${event.step}${event.tool ? ` ${event.tool}` : ''}`);
    await outbox.close();
    expect({ missingOutcomeEvents: missing(), leftUnsentInTheBenchOutbox: unsent }).toEqual({
      missingOutcomeEvents: [],
      leftUnsentInTheBenchOutbox: [],
    });
    expect(outcomes().length).toBe(audit.length);
    await second.close();
  }, 180000);
});
