// The test viewer with a kept session (clean: false) gets every message its session queued while
// it was away. The broker hands them over right after CONNACK; a listener attached only after
// connect() returned missed all of them while mqtt.js acknowledged them anyway, and the
// broker-outage tests then counted the bench's events as lost (issue 14, item 7).
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

describeWithMosquitto('a viewer with a kept session against mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start();
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('receives every message queued in its session while it was away', async () => {
    const session = { clientId: 'kept-viewer', clean: false, properties: { sessionExpiryInterval: 600 } };
    const away = await TestOperator.connect(broker.url, session);
    await away.watch('benchhand/bench1/events');
    await away.close();
    const publisher = await connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
    const sent = Array.from({ length: 30 }, (_, index) => `event ${index}`);
    for (const payload of sent) await publisher.publishAsync('benchhand/bench1/events', payload, { qos: 1 });
    await publisher.endAsync();
    const back = await TestOperator.connect(broker.url, session);
    try {
      await back
        .until(() => back.on('benchhand/bench1/events').length >= sent.length, 3000, 'the 30 queued messages')
        .catch(() => undefined);
      const received = back.on('benchhand/bench1/events').map((message) => message.payload.toString());
      expect(sent.filter((payload) => !received.includes(payload))).toEqual([]);
    } finally {
      await back.close();
    }
  });
});
