// Broker down is not a bench failure: publishing never throws, events queue on disk, reconnects
// back off, and once the broker is back every event arrives, in order, even when the bench
// process itself was killed while the broker was away.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { ChildBench } from './child-bench.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const EVENTS = 'benchhand/bench1/events';

/** A viewer whose session (and subscription) the broker keeps across its restart, so it misses nothing. */
async function persistentViewer(url: string): Promise<TestOperator> {
  const viewer = await TestOperator.connect(url, {
    clientId: 'outage-viewer',
    clean: false,
    properties: { sessionExpiryInterval: 600 },
  });
  await viewer.watch(EVENTS);
  return viewer;
}

/** Step numbers of the events received, each event once (QoS 1 may deliver one twice). */
function distinctSteps(viewer: TestOperator): number[] {
  const seen = new Set<string>();
  const steps: number[] = [];
  for (const message of viewer.on(EVENTS)) {
    const event = JSON.parse(message.payload.toString()) as { id: string; step: number };
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    steps.push(event.step);
  }
  return steps;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describeWithMosquitto('MQTT broker outage against mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start({ persistence: true });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('a broker restarted mid-run loses no event and keeps the order; reconnects back off', async () => {
    let viewer = await persistentViewer(broker.url);
    const setup = await startBench(broker.url, {
      reconnect: { initialDelayMs: 40, maxDelayMs: 640, stableAfterMs: 5000 },
    });
    const { bench } = setup;
    try {
      for (const step of range(1, 20)) bench.publishProgress({ type: 'step', step, phase: 'act' });
      // Stopped while some of those may still be in flight.
      await viewer.close();
      await broker.pause();
      const downAt = performance.now();
      for (const step of range(21, 60)) {
        expect(() => bench.publishProgress({ type: 'step', step, phase: 'act' })).not.toThrow();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(bench.connected).toBe(false);
      expect(bench.queuedMessages).toBeGreaterThanOrEqual(40);
      await broker.resume();
      const upAt = performance.now();
      viewer = await persistentViewer(broker.url);
      for (const step of range(61, 70)) bench.publishProgress({ type: 'step', step, phase: 'act' });
      await viewer
        .until(() => range(21, 70).every((step) => distinctSteps(viewer).includes(step)), 8000, 'events 21 to 70')
        .catch(() => undefined);
      const steps = distinctSteps(viewer);
      // Events delivered before the viewer closed were consumed by the first connection.
      const missingAfter20 = range(21, 70).filter((step) => !steps.includes(step));
      expect(missingAfter20).toEqual([]);
      expect(steps.filter((step) => step > 20)).toEqual(range(21, 70));

      const reconnectedAt = performance.now();
      const timeline = bench.reconnects.map((entry) => `+${Math.round(entry.atMs - downAt)}ms wait ${entry.delayMs}ms`);
      console.log(
        `[mqtt] broker down ${Math.round(upAt - downAt)} ms; reconnect timeline: ${timeline.join(', ')}; all events within ${Math.round(reconnectedAt - upAt)} ms of the broker's return`,
      );
      const waits = bench.reconnects.map((entry) => entry.delayMs);
      expect(waits.length).toBeGreaterThanOrEqual(4);
      // Equal jitter: attempt n waits between half and all of min(640, 40 * 2^n).
      waits.forEach((wait, attempt) => {
        const step = Math.min(640, 40 * 2 ** attempt);
        expect(wait).toBeGreaterThanOrEqual(step / 2);
        expect(wait).toBeLessThanOrEqual(step);
      });
      // And the attempts really are that far apart (each attempt fails at once on a refused port).
      const gaps = bench.reconnects.slice(1).map((entry, index) => entry.atMs - bench.reconnects[index]!.atMs);
      gaps.forEach((gap, index) => expect(gap).toBeGreaterThanOrEqual(waits[index]! - 5));
      // The viewer can see the last events a moment before their PUBACKs reach the bench.
      const drainedBy = performance.now() + 3000;
      while (bench.queuedMessages > 0 && performance.now() < drainedBy)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(bench.queuedMessages).toBe(0);
    } finally {
      await viewer.close();
      await setup.close();
    }
  });

  it('events queued while the broker is down survive a SIGKILL of the bench and go out in order after a restart', async () => {
    const viewer = await persistentViewer(broker.url);
    await viewer.close();
    await broker.pause();
    const stateDir = await makeStateDir();
    const child = ChildBench.start({ url: broker.url, stateDir, events: 25 });
    try {
      await child.waitFor(/^unreachable$/m);
      await child.waitFor(/^queued 25$/m);
      await child.crash();
      await broker.resume();
      const again = await persistentViewer(broker.url);
      const setup = await startBench(broker.url, { stateDir });
      await again.until(() => distinctSteps(again).length >= 25, 5000, '25 events');
      expect(distinctSteps(again)).toEqual(range(1, 25));
      await setup.close();
      await again.close();
    } finally {
      await child.crash();
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});
