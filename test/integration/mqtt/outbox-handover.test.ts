// Issue 27 item 6: a run that ends while the broker is down left its last events in its own
// mqtt-outbox.jsonl and nothing ever sent them. Now a bench that closes with events unsent hands
// them over, and the next process on that bench sends them first, in order, once. Real mosquitto,
// an 8 s outage; the processes are MqttBench instances one after the other, as runs are.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DurableOutbox } from '../../../src/adapters/mqtt/durable-outbox.js';
import { OUTBOX_FILE } from '../../../src/adapters/mqtt/mqtt-bench.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const EVENTS = 'benchhand/bench1/events';
const OUTAGE_MS = 8000;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * A viewer of its own for each part of the test. One kept session across both parts would have the
 * broker hand the first part's last event again when that viewer closed before its PUBACK went out
 * (QoS 1 is at least once towards a viewer too): a redelivery by the broker, not a second send by
 * the bench, which is what this test counts.
 */
async function viewerOnce(url: string, clientId: string): Promise<TestOperator> {
  const viewer = await TestOperator.connect(url, { clientId, clean: true });
  await viewer.watch(EVENTS);
  return viewer;
}

/** Step numbers in arrival order, every message (a duplicate shows twice). */
const stepsOf = (viewer: TestOperator): number[] =>
  viewer.on(EVENTS).map((message) => (JSON.parse(message.payload.toString()) as { step: number }).step);

describeWithMosquitto('events a run could not send reach the broker through the next process (issue 27)', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start({ persistence: true });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('a run that ends during an 8 s outage: the next process sends what it left, first, in order, once', async () => {
    const handOverDir = await mkdtemp(join(tmpdir(), 'bh-handover-'));
    let viewer = await viewerOnce(broker.url, 'handover-viewer-before');
    // Its own state directory, kept after it closes (as a run's is).
    const first = await startBench(broker.url, { handOverDir, closeTimeoutMs: 1000, stateDir: await makeStateDir() });
    for (const step of range(1, 5)) first.bench.publishProgress({ type: 'step', step, phase: 'act' });
    await viewer.until(() => stepsOf(viewer).length >= 5, 30000, 'the first 5 events, sent while the broker is up');
    await viewer.close();

    await broker.pause();
    const downAt = Date.now();
    // The run's last 17 events, its end among them, while the broker is away; then it exits.
    for (const step of range(6, 22)) first.bench.publishProgress({ type: 'step', step, phase: 'act' });
    await first.close();
    const left = await DurableOutbox.open(join(first.stateDir, OUTBOX_FILE), () => undefined);
    expect(left.unacknowledged().map((message) => JSON.parse(message.payload).step)).toEqual(range(6, 22));
    await left.close();
    expect(await readdir(handOverDir)).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, downAt + OUTAGE_MS - Date.now())));
    await broker.resume();
    viewer = await viewerOnce(broker.url, 'handover-viewer-after');
    // The next process on the bench (another state directory: the next run, or the service).
    const next = await startBench(broker.url, { handOverDir });
    next.bench.publishProgress({ type: 'step', step: 100, phase: 'observe' });
    await viewer.until(() => stepsOf(viewer).includes(100), 30000, "the next process's own event");
    await viewer.until(() => range(6, 22).every((step) => stepsOf(viewer).includes(step)), 30000, 'events 6 to 22');
    expect(stepsOf(viewer)).toEqual([...range(6, 22), 100]);
    await next.close();
    expect(await readdir(handOverDir)).toEqual([]);

    // A third process finds nothing left to send: what was handed over went out once.
    const third = await startBench(broker.url, { handOverDir });
    third.bench.publishProgress({ type: 'step', step: 200, phase: 'observe' });
    await viewer.until(() => stepsOf(viewer).includes(200), 30000, "the third process's own event");
    expect(stepsOf(viewer)).toEqual([...range(6, 22), 100, 200]);
    await third.close();
    await viewer.close();
  }, 120000);
});
