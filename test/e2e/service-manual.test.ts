// An idle bench taken by hand (issue 39): `benchhand service` serving pool "lab" on a real mosquitto,
// its virtual phone and simulated MCU on the virtual bench. alice takes the idle bench over MQTT: the
// service reserves it (a manual session in STATE_DIR/manual/). Her tap on "Network & internet" — a
// target the config's approval rule guards, as "Delete" is by default — asks the approver (the
// bench's pending approval on the broker) and nothing moves until she approves; then the phone
// changes, with one MCU tap, journalled as hers. A job published meanwhile is not claimed while the
// bench is reserved; once alice hands the bench back, the service claims and runs it.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import type { BenchView } from '../../src/adapters/mqtt/bench-view.js';
import { fleetTopics } from '../../src/core/fleet/fleet-topics.js';
import { selectorOf } from '../../src/core/fleet/tags.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { describeWithMosquitto } from '../integration/mqtt/with-mosquitto.js';
import { fleetJob } from '../support/fleet-job.js';
import { Mosquitto } from '../support/mosquitto.js';
import { spawnCli } from '../support/run-cli.js';
import { until } from '../support/until.js';

const BENCH = 'b1';
const TARGET = 'Network & internet';
const JOB = 'manual-hold-job-001';
const FLOW = 'goal: Run once the bench is handed back\nsteps:\n  - submit: { summary: ran }\n';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const REPLIES = `benchhand/${BENCH}/reply/alice`;

describeWithMosquitto('an idle bench service taken by hand over MQTT', () => {
  let broker: Mosquitto;
  let bench: VirtualBench;
  let server: BenchServer;
  let child: ChildProcess;
  let exited: Promise<number | null>;
  let client: MqttClient;
  let log = '';
  const seen = new Map<string, Record<string, unknown>>();
  const dir = mkdtempSync(join(tmpdir(), 'bh-service-manual-'));
  const stateDir = join(dir, 'state');
  const lab = fleetTopics('lab');

  const command = (body: Record<string, unknown>) =>
    client.publishAsync(`benchhand/${BENCH}/cmd/alice`, JSON.stringify(body), {
      qos: 1,
      properties: { responseTopic: REPLIES, correlationData: Buffer.from(String(body.requestId)) },
    });
  const state = () =>
    seen.get(`benchhand/${BENCH}/state`) as { pendingApproval?: { id: string; summary: string } | null };
  const view = () => seen.get(`benchhand/${BENCH}/view`) as BenchView | undefined;
  const service = () => seen.get(`benchhand/${BENCH}/service/state`) as { state?: string; reservedBy?: string };
  const result = () => seen.get(lab.result(BENCH, JOB)) as { status?: string } | undefined;
  const claimed = () => seen.has(lab.claim(BENCH, JOB));
  const taps = () => bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
  const phone = () => `${bench.lastTruth?.screen.screen} ${bench.lastTruth?.screen.texts.map((t) => t.text).join('|')}`;
  const journal = () => {
    const sessions = readdirSync(join(stateDir, 'manual'));
    return sessions.flatMap((session) =>
      readFileSync(join(stateDir, 'manual', session, 'journal.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { type: string; tool?: string; by?: string }),
    );
  };

  beforeAll(async () => {
    broker = await Mosquitto.start();
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
    server = await BenchServer.start(bench);
    const config = join(dir, 'config.yaml');
    writeFileSync(
      config,
      [
        `bench:\n  id: ${BENCH}\n  stateDir: ${stateDir}`,
        `mqtt:\n  url: ${broker.url}`,
        `guardrails:\n  approvals:\n    - name: network settings\n      targetMatches: "${TARGET}"`,
        // The session's video is another test's matter: drawing it here would only cost time.
        'video:\n  enabled: false',
      ].join('\n'),
    );
    client = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
    client.on('message', (topic, payload) => {
      if (payload.length) seen.set(topic, JSON.parse(payload.toString()) as Record<string, unknown>);
    });
    await client.subscribeAsync([
      `benchhand/${BENCH}/state`,
      `benchhand/${BENCH}/view`,
      `benchhand/${BENCH}/service/state`,
      lab.allClaims,
      lab.allResults,
    ]);
    child = spawnCli(
      [
        'service',
        '--config',
        config,
        '--bench',
        server.url,
        '--pool',
        'lab',
        '--ping-ms',
        '500',
        '--hand-on-ms',
        '1000',
      ],
      { NOTIFY_SOCKET: '' },
    );
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
    exited = new Promise((resolve) => child.on('exit', resolve));
    await until(() => service()?.state === 'idle', 120000, 'the service idle on the broker');
  }, 150000);

  afterAll(async () => {
    writeFileSync(join(dir, 'service.log'), log); // for a look after a failure
    if (child?.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await client?.endAsync();
    await server?.close();
    await bench?.stop();
    await broker?.stop();
  });

  it('reserves the idle bench; a guarded tap asks and waits; a job waits for the hand-back', async () => {
    const hint = () => `; the service said:\n${log.slice(-3000)}`;
    await command({ requestId: 'take-alice-0001', command: 'take' });
    await until(() => service()?.state === 'reserved', 30000, 'the bench reserved').catch((error: Error) => {
      throw new Error(error.message + hint());
    });
    expect(service().reservedBy).toBe('alice');
    // The session looks at the held screen: the live view shows the phone.
    await until(() => view()?.lines.some((l) => l.text === TARGET) === true, 90000, 'the view').catch(
      (error: Error) => {
        throw new Error(error.message + hint());
      },
    );
    await client.publishAsync(
      lab.jobs(selectorOf({})),
      JSON.stringify(
        fleetJob(
          { jobId: JOB, name: 'after-hand-back', suite: 'manual-suite', at: Date.now(), deadlineAfterMs: 600000 },
          { flow: { entry: 'flow.yaml', files: [{ path: 'flow.yaml', content: FLOW, sha256: sha256(FLOW) }] } },
        ),
      ),
      { qos: 1 },
    );
    const line = view()!.lines.find((l) => l.text === TARGET)!;
    const [tapsBefore, phoneBefore] = [taps(), phone()];
    await command({
      requestId: 'act-alice-0001',
      command: 'act',
      action: { kind: 'tap', x: line.box.x + line.box.width / 2, y: line.box.y + line.box.height / 2 },
    });
    // The guard asks the approver (the broker's pending approval), and nothing moves meanwhile.
    await until(() => Boolean(state()?.pendingApproval), 60000, 'the approval request').catch((error: Error) => {
      throw new Error(error.message + hint());
    });
    expect(state().pendingApproval!.summary).toMatch(/tap/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(taps()).toBe(tapsBefore);
    expect(phone()).toBe(phoneBefore);
    await command({ requestId: 'approve-alice-0001', command: 'approve', approvalId: state().pendingApproval!.id });
    await until(() => phone() !== phoneBefore, 60000, 'the phone changed').catch((error: Error) => {
      throw new Error(error.message + hint());
    });
    expect(taps()).toBe(tapsBefore + 1);
    const intents = journal().filter((r) => r.type === 'intent');
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ tool: 'tap_point', by: 'alice' });
    // Reserved: the job reached the bench but was not claimed (held, handed on, held again).
    await until(() => /holding manual-hold-job-001/.test(log), 30000, 'the job held').catch((error: Error) => {
      throw new Error(error.message + hint());
    });
    expect(claimed()).toBe(false);
    expect(result()).toBeUndefined();
    await command({ requestId: 'hand-back-alice-0001', command: 'hand_back' });
    await until(() => result() !== undefined, 120000, 'the job run after the hand-back').catch((error: Error) => {
      throw new Error(error.message + hint());
    });
    expect(result()!.status, JSON.stringify(result())).toBe('passed');
    expect(claimed()).toBe(true);
    expect(log).toMatch(/manual control by alice ended/);
    // The config's video section said none: the session left no video.
    for (const session of readdirSync(join(stateDir, 'manual')))
      expect(readdirSync(join(stateDir, 'manual', session))).not.toContain('video.mp4');
  }, 360000);
});
