// Credentials and the ACL: a bench with a wrong password is told so at connect; a viewer's command
// is refused by the broker with the MQTT 5 reason code and never reaches the bench; an operator's
// goes through.
import { ErrorWithReasonCode } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto } from '../../support/mosquitto.js';
import { startBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

// The roles of TOPICS.md, for one bench.
const ACL = `
user bench1
topic write benchhand/bench1/status
topic write benchhand/bench1/state
topic write benchhand/bench1/events
topic write benchhand/bench1/findings
topic write benchhand/bench1/snapshot
topic read benchhand/bench1/cmd/#
topic write benchhand/bench1/reply/#
topic write homeassistant/#

user operator
topic read benchhand/#
topic write benchhand/+/cmd/operator

user viewer
topic read benchhand/+/status
topic read benchhand/+/state
topic read benchhand/+/events

pattern read benchhand/+/reply/%c
`;

const USERS = [
  { username: 'bench1', password: 'bench-secret' },
  { username: 'operator', password: 'operator-secret' },
  { username: 'viewer', password: 'viewer-secret' },
];

describeWithMosquitto('MQTT authorisation against mosquitto', () => {
  let broker: Mosquitto;
  beforeAll(async () => {
    broker = await Mosquitto.start({ users: USERS, acl: ACL });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it('a wrong password is a configuration error at connect, naming the reason', async () => {
    await expect(startBench(broker.url, { username: 'bench1', password: 'wrong' })).rejects.toThrow(
      /refused bench "bench1".*(Bad User Name or Password|Not authorized).*reason code 13[45]/,
    );
  });

  it('a viewer may not send commands: the broker refuses the publish (reason 135) and the bench never sees it', async () => {
    const setup = await startBench(broker.url, { username: 'bench1', password: 'bench-secret' });
    const viewer = await TestOperator.connect(broker.url, { username: 'viewer', password: 'viewer-secret' });
    const operator = await TestOperator.connect(broker.url, { username: 'operator', password: 'operator-secret' });
    try {
      const refused = await viewer.client
        .publishAsync('benchhand/bench1/cmd/viewer', JSON.stringify({ requestId: newRequestId(), command: 'stop' }), {
          qos: 1,
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(refused).toBeInstanceOf(ErrorWithReasonCode);
      expect((refused as ErrorWithReasonCode).code).toBe(135);
      const reply = await operator.send('bench1', { requestId: newRequestId(), command: 'pause' });
      expect(reply).toMatchObject({ ok: true });
      expect((await setup.bench.operator.poll()).map((command) => command.kind)).toEqual(['pause']);
      expect(setup.bench.connected).toBe(true);
    } finally {
      await viewer.close();
      await operator.close();
      await setup.close();
    }
  });
});
