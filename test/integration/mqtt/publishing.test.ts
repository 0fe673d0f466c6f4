// What the bench publishes: retained state, events in order (with the state following them),
// findings, a rate-limited retained snapshot, and Home Assistant discovery.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { FindingRecord } from '../../../src/core/findings/finding-record.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { startBench, type TestBench } from './bench-setup.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const json = (payload: Buffer) => JSON.parse(payload.toString('utf8')) as Record<string, any>;

const RUN = {
  runId: 'run-1',
  task: 'tasks/wifi.yaml',
  goal: 'turn wi-fi on',
  interpreter: 'script' as const,
  status: 'running' as const,
  step: 0,
  phase: 'observe',
  stepsUsed: 0,
  maxSteps: 40,
  elapsedMs: 0,
  deadlineMs: 600_000,
};

const RECORD: FindingRecord = {
  id: 'abcdef0123456789abcdef0123456789',
  device: 'pixel',
  screen: 'wi-fi',
  kind: 'text',
  subject: 'label',
  severity: 'minor',
  detail: 'typo',
  status: 'new',
  firstSeen: '2030-01-01T00:00:00Z',
  lastSeen: '2030-01-01T00:00:00Z',
  occurrences: 1,
  history: [{ status: 'new', at: '2030-01-01T00:00:00Z', by: 'benchhand agent' }],
  runIds: ['run-1'],
};

describeWithMosquitto('MQTT publishing against mosquitto', () => {
  let broker: Mosquitto;
  let setup: TestBench;
  let viewer: TestOperator;

  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });
  beforeEach(async () => {
    setup = await startBench(broker.url, { snapshotIntervalMs: 60_000, softwareVersion: '0.1.0' });
    viewer = await TestOperator.connect(broker.url);
  });
  afterEach(async () => {
    await viewer?.close();
    await setup?.close();
  });

  it('an event published just before close still reaches the broker (close waits for its disk write)', async () => {
    const { bench } = setup;
    await viewer.watch('benchhand/bench1/events');
    for (let step = 1; step <= 5; step++) bench.publishProgress({ type: 'step', step, phase: 'act' });
    bench.publishEvent('finished', { summary: 'the last word of a run' });
    await bench.close();
    await viewer
      .until(() => viewer.on('benchhand/bench1/events').length >= 6, 3000, 'the six events')
      .catch(() => undefined);
    expect(viewer.on('benchhand/bench1/events').map((message) => json(message.payload).type)).toEqual([
      'step',
      'step',
      'step',
      'step',
      'step',
      'finished',
    ]);
  });

  it('the retained state says paused once the loop has paused, and running again after its resume', async () => {
    const { bench } = setup;
    bench.updateState({ run: RUN });
    bench.publishProgress({ type: 'step', step: 2, phase: 'observe' });
    bench.publishProgress({
      type: 'outcome',
      step: 2,
      tool: 'operator_pause',
      status: 'ok',
      content: 'paused until resumed',
      durationMs: 0,
    });
    const late = await TestOperator.connect(broker.url);
    try {
      await late.watch('benchhand/bench1/state');
      await late.until(() => late.on('benchhand/bench1/state').length > 0);
      expect(json(late.on('benchhand/bench1/state')[0]!.payload).run).toMatchObject({
        runId: 'run-1',
        status: 'paused',
        step: 2,
      });
      bench.publishProgress({
        type: 'outcome',
        step: 2,
        tool: 'operator_resume',
        status: 'ok',
        content: 'resumed',
        durationMs: 0,
      });
      await late.until(() => late.on('benchhand/bench1/state').length > 1);
      expect(json(late.on('benchhand/bench1/state')[1]!.payload).run).toMatchObject({ status: 'running' });
    } finally {
      await late.close();
    }
  });

  it('events go out in order with ids and the run id, and the retained state follows them', async () => {
    const { bench } = setup;
    await viewer.watch('benchhand/bench1/events');
    bench.updateState({ run: RUN, lastScreenText: 'x'.repeat(1500) });
    bench.publishProgress({ type: 'step', step: 1, phase: 'act' });
    bench.publishProgress({ type: 'call', step: 1, tool: 'tap_text', summary: 'tap on "Wi-Fi" at 100,200' });
    bench.publishProgress({
      type: 'outcome',
      step: 1,
      tool: 'tap_text',
      status: 'ok',
      content: 'tapped',
      durationMs: 120,
    });
    bench.publishEvent('finished', { summary: 'wi-fi is on' });
    await viewer.until(() => viewer.on('benchhand/bench1/events').length === 4);
    const events = viewer.on('benchhand/bench1/events').map((message) => json(message.payload));
    expect(events.map((event) => event.type)).toEqual(['step', 'call', 'outcome', 'finished']);
    expect(new Set(events.map((event) => event.id)).size).toBe(4);
    expect(events.every((event) => event.runId === 'run-1' && typeof event.at === 'string')).toBe(true);
    expect(events[3]).toMatchObject({ summary: 'wi-fi is on' });

    const late = await TestOperator.connect(broker.url);
    await late.watch('benchhand/bench1/state');
    await late.until(() => late.on('benchhand/bench1/state').length > 0);
    const state = late.on('benchhand/bench1/state')[0]!;
    expect(state.retain).toBe(true);
    expect(json(state.payload)).toMatchObject({
      benchId: 'bench1',
      online: true,
      estopped: false,
      pendingApproval: null,
      run: { runId: 'run-1', step: 1, phase: 'act', stepsUsed: 1, maxSteps: 40 },
      lastAction: { tool: 'tap_text', summary: 'tap on "Wi-Fi" at 100,200', status: 'ok' },
    });
    expect(json(state.payload).lastScreenText).toHaveLength(1000);
    await late.close();
  });

  it('findings are published with the reason and the record', async () => {
    await viewer.watch('benchhand/bench1/findings');
    setup.bench.publishFinding({ reason: 'created', record: RECORD });
    await viewer.until(() => viewer.on('benchhand/bench1/findings').length === 1);
    expect(json(viewer.on('benchhand/bench1/findings')[0]!.payload)).toMatchObject({
      reason: 'created',
      record: RECORD,
    });
  });

  it('the snapshot is retained JPEG bytes, at most one per interval', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    expect(setup.bench.publishSnapshot(jpeg)).toBe(true);
    expect(setup.bench.publishSnapshot(Buffer.from([0xff, 0xd8, 9, 0xff, 0xd9]))).toBe(false);
    await viewer.watch('benchhand/bench1/snapshot');
    await viewer.until(() => viewer.on('benchhand/bench1/snapshot').length > 0);
    const snapshot = viewer.on('benchhand/bench1/snapshot')[0]!;
    expect(snapshot.retain).toBe(true);
    expect(snapshot.payload.equals(jpeg)).toBe(true);
  });

  it('Home Assistant discovery describes one device with sensors, buttons and the camera', async () => {
    await viewer.watch('homeassistant/#');
    await viewer.until(
      () => viewer.received.filter((message) => message.topic.startsWith('homeassistant/')).length >= 11,
    );
    const configs = new Map(
      viewer.received
        .filter((message) => message.topic.startsWith('homeassistant/'))
        .map((message) => [message.topic, json(message.payload)]),
    );
    expect([...configs.keys()].sort()).toEqual([
      'homeassistant/button/benchhand_bench1/approve/config',
      'homeassistant/button/benchhand_bench1/deny/config',
      'homeassistant/button/benchhand_bench1/pause/config',
      'homeassistant/button/benchhand_bench1/resume/config',
      'homeassistant/button/benchhand_bench1/stop/config',
      'homeassistant/camera/benchhand_bench1/snapshot/config',
      'homeassistant/sensor/benchhand_bench1/last_action/config',
      'homeassistant/sensor/benchhand_bench1/pending_approval/config',
      'homeassistant/sensor/benchhand_bench1/run_status/config',
      'homeassistant/sensor/benchhand_bench1/screen_text/config',
      'homeassistant/sensor/benchhand_bench1/step/config',
    ]);
    for (const config of configs.values()) {
      expect(config).toMatchObject({
        availability_topic: 'benchhand/bench1/status',
        device: { identifiers: ['benchhand_bench1'], sw_version: '0.1.0' },
      });
      expect(config.unique_id).toMatch(/^benchhand_bench1_/);
    }
    expect(configs.get('homeassistant/button/benchhand_bench1/approve/config')).toMatchObject({
      command_topic: 'benchhand/bench1/cmd/homeassistant',
      payload_press: '{"origin":"homeassistant","command":"approve"}',
      qos: 0,
    });
    expect(configs.get('homeassistant/camera/benchhand_bench1/snapshot/config')).toMatchObject({
      topic: 'benchhand/bench1/snapshot',
    });
    expect(
      viewer.received
        .filter((message) => message.topic.startsWith('homeassistant/'))
        .every((message) => message.retain),
    ).toBe(true);
  });
});
