// Commands sent while the bench is away wait for it in its broker session, unless they expire
// first (MQTT 5 messageExpiryInterval): an expired one is never run.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

describeWithMosquitto('MQTT commands queued while the bench is away', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('a command whose messageExpiryInterval ran out while the bench was disconnected is not run; a fresh one is', async () => {
    const stateDir = await makeStateDir();
    const first = await startBench(broker.url, { stateDir });
    await first.close();
    const operator = await TestOperator.connect(broker.url);
    const stale = newRequestId();
    const fresh = newRequestId();
    const staleReply = operator.send(
      'bench1',
      { requestId: stale, command: 'stop' },
      { expirySeconds: 1, timeoutMs: 2600 },
    );
    const freshReply = operator.send(
      'bench1',
      { requestId: fresh, command: 'pause' },
      { expirySeconds: 60, timeoutMs: 4000 },
    );
    // Deliberate: 2.1 s pass with the bench away, so the broker lets the 1 s stale command expire.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const second = await startBench(broker.url, { stateDir });
    try {
      expect(await freshReply).toMatchObject({ requestId: fresh, ok: true });
      expect(await staleReply).toBeUndefined();
      expect(await second.bench.operator.poll()).toEqual([{ id: fresh, kind: 'pause', by: 'test-operator' }]);
    } finally {
      await second.close();
      await operator.close();
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});
