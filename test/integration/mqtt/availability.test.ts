// Availability on the status topic: "online" retained on connect, "offline" published by the bench
// itself before a clean close (a clean DISCONNECT does not fire the last will), and the last will
// "offline" when the bench process dies with SIGKILL.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { ChildBench } from './child-bench.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const STATUS = 'benchhand/bench1/status';

/** What a subscriber arriving now is given as the retained status. */
async function retainedStatus(url: string): Promise<{ value: string; retain: boolean } | undefined> {
  const viewer = await TestOperator.connect(url);
  try {
    await viewer.watch(STATUS);
    await viewer.until(() => viewer.on(STATUS).length > 0, 1000, 'a retained status').catch(() => undefined);
    const message = viewer.on(STATUS)[0];
    return message ? { value: message.payload.toString(), retain: message.retain } : undefined;
  } finally {
    await viewer.close();
  }
}

describeWithMosquitto('MQTT availability against mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('is online (retained) while connected and offline (retained, published by the bench) after close', async () => {
    const setup = await startBench(broker.url);
    expect(await retainedStatus(broker.url)).toEqual({ value: 'online', retain: true });
    const watcher = await TestOperator.connect(broker.url);
    await watcher.watch(STATUS);
    await setup.close();
    await watcher.until(
      () => watcher.on(STATUS).some((message) => message.payload.toString() === 'offline'),
      2000,
      'offline',
    );
    await watcher.close();
    expect(await retainedStatus(broker.url)).toEqual({ value: 'offline', retain: true });
    // Its own close is not an outage: nothing tells the operator the broker was lost.
    expect(setup.logs.filter((line) => /lost the broker/.test(line))).toEqual([]);
  });

  it('the last will says offline when the bench process is killed with SIGKILL', async () => {
    const stateDir = await makeStateDir();
    const child = ChildBench.start({ url: broker.url, stateDir });
    try {
      await child.waitFor(/^connected$/m);
      expect(await retainedStatus(broker.url)).toEqual({ value: 'online', retain: true });
      const watcher = await TestOperator.connect(broker.url);
      await watcher.watch(STATUS);
      const killedAt = performance.now();
      await child.crash();
      await watcher.until(
        () => watcher.on(STATUS).some((message) => message.payload.toString() === 'offline'),
        3000,
        'the last will',
      );
      const willMs = watcher.on(STATUS).find((message) => message.payload.toString() === 'offline')!.atMs - killedAt;
      console.log(`[mqtt] last will after SIGKILL arrived in ${willMs.toFixed(1)} ms`);
      await watcher.close();
      expect(await retainedStatus(broker.url)).toEqual({ value: 'offline', retain: true });
    } finally {
      await child.crash();
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});
