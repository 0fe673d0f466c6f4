// A command whose response topic the bench must not publish to (issue 14, item 2): a wildcard,
// which makes mosquitto drop the publisher; the bench's own status or state, which everybody
// reads; or anywhere outside the bench's reply prefix. Before, one such message cut the bench off
// for good: mosquitto disconnected it for publishing to a wildcard, the command was never
// acknowledged, and the kept session handed it back on every reconnect. Now it is refused and
// logged, acknowledged, recorded once on the events topic, and the bench still answers an e-stop.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { makeStateDir, startBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const json = (payload: Buffer) => JSON.parse(payload.toString('utf8')) as Record<string, any>;

describeWithMosquitto('response topics against mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it("a wildcard, the bench's own topics or a foreign topic as responseTopic: refused, recorded once, never redelivered; the bench stays up and answers an e-stop", async () => {
    const stateDir = await makeStateDir();
    let setup = await startBench(broker.url, { stateDir });
    const operator = await TestOperator.connect(broker.url);
    const watcher = await TestOperator.connect(broker.url);
    try {
      await watcher.watch('benchhand/bench1/#');
      const bad = [
        'benchhand/bench1/reply/#',
        'benchhand/bench1/reply/+',
        'benchhand/bench1/status',
        'benchhand/bench1/state',
        'benchhand/bench2/reply/x',
        'elsewhere/topic',
      ];
      const ids: string[] = [];
      for (const responseTopic of bad) {
        const requestId = newRequestId();
        ids.push(requestId);
        expect(
          await operator.send('bench1', { requestId, command: 'pause' }, { responseTopic, timeoutMs: 200 }),
        ).toBeUndefined();
      }
      await watcher
        .until(() => watcher.on('benchhand/bench1/events').length >= bad.length, 3000, 'a refusal event for each')
        .catch(() => undefined);
      const refusals = () =>
        watcher
          .on('benchhand/bench1/events')
          .map((message) => json(message.payload))
          .filter((event) => event.type === 'operator' && event.refused);
      expect(refusals().map((event) => event.requestId)).toEqual(ids);
      expect(refusals()[0]).toMatchObject({
        from: 'test-operator',
        command: 'pause',
        reason: expect.stringContaining('wildcard'),
      });
      expect(setup.logs.filter((line) => line.includes('refused, not answered'))).toHaveLength(bad.length);
      expect(await setup.bench.operator.poll()).toEqual([]);
      // Nothing was published where the sender asked: the status is still the bench's own "online".
      expect(watcher.on('benchhand/bench1/status').map((message) => message.payload.toString())).not.toContain(
        expect.stringContaining('requestId'),
      );
      expect(watcher.on('benchhand/bench1/state').every((message) => json(message.payload).benchId === 'bench1')).toBe(
        true,
      );
      expect(
        watcher.received.filter(
          (message) => message.topic.startsWith('benchhand/bench2') || message.topic.startsWith('elsewhere'),
        ),
      ).toEqual([]);
      expect(setup.bench.connected).toBe(true);

      // The bench restarts with its kept session: nothing is handed back, it stays connected and answers.
      await setup.close();
      setup = await startBench(broker.url, { stateDir });
      // Deliberate: proves nothing is refused and no reconnect happens for 1 s after the restart.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(setup.logs.filter((line) => line.includes('refused'))).toEqual([]);
      expect(setup.bench.connected).toBe(true);
      expect(setup.bench.reconnects.filter((entry) => entry.attempt > 0)).toEqual([]);
      setup.bench.onEmergencyStop(async () => ({ latched: true }));
      const estop = await operator.send('bench1', { requestId: newRequestId(), command: 'estop' });
      expect(estop).toMatchObject({ ok: true, result: expect.stringContaining('e-stop latched') });
    } finally {
      await watcher.close();
      await operator.close();
      await setup.close();
    }
  });

  it("a reply topic under the bench's reply prefix is answered there", async () => {
    const setup = await startBench(broker.url);
    const operator = await TestOperator.connect(broker.url);
    try {
      await operator.watch('benchhand/bench1/reply/team/desk-3');
      const requestId = newRequestId();
      await operator.send(
        'bench1',
        { requestId, command: 'pause' },
        { responseTopic: 'benchhand/bench1/reply/team/desk-3', timeoutMs: 200 },
      );
      await operator.until(() => operator.on('benchhand/bench1/reply/team/desk-3').length > 0, 3000, 'the reply');
      expect(json(operator.on('benchhand/bench1/reply/team/desk-3')[0]!.payload)).toMatchObject({
        requestId,
        ok: true,
      });
    } finally {
      await operator.close();
      await setup.close();
    }
  });
});
