// Issue 37 item 10: a run that ends while the broker is away waits a bounded, configurable time for
// it (mqtt.exitWaitSeconds -> closeTimeoutMs), trying every half second rather than at its backoff's
// next step, and delivers its last events itself; what still cannot go is handed over, and
// `benchhand service` sends any hand-over as it starts (deliverHandover). Real mosquitto, stopped
// and started again on its port; the backoff is set long so only the exit's own tries can reach it.
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, onTestFinished } from 'vitest';
import { deliverHandover } from '../../../src/app/service/deliver-handover.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const EVENTS = 'benchhand/bench1/events';
const LONG_BACKOFF = { initialDelayMs: 60_000, maxDelayMs: 60_000, stableAfterMs: 2000 };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const stepsOf = (viewer: TestOperator): number[] =>
  viewer.on(EVENTS).map((message) => (JSON.parse(message.payload.toString()) as { step: number }).step);

async function viewerOnce(url: string, clientId: string): Promise<TestOperator> {
  const viewer = await TestOperator.connect(url, { clientId, clean: true });
  await viewer.watch(EVENTS);
  return viewer;
}

describeWithMosquitto('a run that ends in a broker outage delivers its last events (issue 37)', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start({ persistence: true });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('waits at exit for a broker back within the wait, and sends its last events itself: nothing handed over', async () => {
    const handOverDir = await mkdtemp(join(tmpdir(), 'bh-exit-wait-'));
    // A viewer whose session the broker keeps (and saves across its restart): it gets what the
    // bench sent while it was away.
    const kept = { clientId: 'exit-wait-viewer', clean: false, properties: { sessionExpiryInterval: 600 } };
    let viewer = await TestOperator.connect(broker.url, kept);
    await viewer.watch(EVENTS);
    await viewer.close();
    const run = await startBench(broker.url, { handOverDir, closeTimeoutMs: 60_000, reconnect: LONG_BACKOFF });
    await broker.pause();
    for (const step of range(1, 5)) run.bench.publishProgress({ type: 'step', step, phase: 'act' });
    const closing = run.close();
    // The broker comes back while the run waits at its exit, long before its backoff's next try.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await broker.resume();
    await closing;
    expect(run.logs.join('\n')).toMatch(/the broker is away with 5 event\(s\) unsent; waiting up to 60 s/);
    expect(run.logs.join('\n')).not.toMatch(/left for the next process/);
    expect(await readdir(handOverDir)).toEqual([]);
    viewer = await TestOperator.connect(broker.url, kept);
    await viewer.until(() => range(1, 5).every((step) => stepsOf(viewer).includes(step)), 30_000, 'steps 1 to 5');
    await viewer.close();
  }, 120_000);

  it('hands over what a broker away for the whole wait kept back; the service sends it as it starts', async () => {
    const handOverDir = await mkdtemp(join(tmpdir(), 'bh-exit-wait-'));
    // The folder the service looks in (handOverDirectory), set for this test alone.
    const fileWide = process.env.BENCHHAND_MQTT_HANDOVER_DIR;
    process.env.BENCHHAND_MQTT_HANDOVER_DIR = handOverDir;
    onTestFinished(() => {
      process.env.BENCHHAND_MQTT_HANDOVER_DIR = fileWide;
    });
    const run = await startBench(broker.url, {
      closeTimeoutMs: 1500,
      reconnect: LONG_BACKOFF,
      stateDir: await makeStateDir(),
    });
    await broker.pause();
    for (const step of range(1, 3)) run.bench.publishProgress({ type: 'step', step, phase: 'act' });
    await run.close();
    expect(run.logs.join('\n')).toMatch(/3 message\(s\) not yet on the broker are left for the next process/);
    expect(await readdir(join(handOverDir, 'bench1'))).toHaveLength(1);

    await broker.resume();
    const viewer = await viewerOnce(broker.url, 'exit-wait-service-viewer');
    const said: string[] = [];
    const delivered = await deliverHandover(
      { url: broker.url, benchId: 'bench1', exitWaitMs: 10_000 },
      await makeStateDir(),
      (line) => said.push(line),
    );
    expect(delivered).toBe(true);
    await viewer.until(() => range(1, 3).every((step) => stepsOf(viewer).includes(step)), 30_000, 'steps 1 to 3');
    expect(stepsOf(viewer)).toEqual(range(1, 3));
    expect(await readdir(join(handOverDir, 'bench1'))).toEqual([]);
    // Nothing left: a second start has nothing to send.
    expect(await deliverHandover({ url: broker.url, benchId: 'bench1' }, await makeStateDir(), () => undefined)).toBe(
      false,
    );
    await viewer.close();
  }, 120_000);
});
