// Who sent a command, as the broker knows them (issue 14, item 2): with the shipped ACL each
// operator may write only benchhand/<bench>/cmd/<own user name>, and the bench records that user
// for the loop (events, the run's audit, approvals), whatever a "by" field in the payload says.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto, shippedAcl } from '../../support/mosquitto.js';
import { startBench, type TestBench } from './bench-setup.js';
import { newRequestId, TestOperator } from './test-operator.js';
import { describeWithMosquitto } from './with-mosquitto.js';

const ACL = `${shippedAcl()}
user bob
topic deny benchhand/bob/#
topic deny homeassistant/+/benchhand_bob/#
topic read benchhand/#
topic write benchhand/+/cmd/bob
`;
const USERS = [
  { username: 'bench1', password: 'bench1-secret' },
  { username: 'alice', password: 'alice-secret' },
  { username: 'bob', password: 'bob-secret' },
];

describeWithMosquitto('operator identity from the broker, against mosquitto with the shipped ACL', () => {
  let broker: Mosquitto;
  let setup: TestBench;
  let alice: TestOperator;
  beforeAll(async () => {
    broker = await Mosquitto.start({ users: USERS, acl: ACL });
    setup = await startBench(broker.url, { username: 'bench1', password: 'bench1-secret', homeAssistant: false });
    alice = await TestOperator.connect(broker.url, { username: 'alice', password: 'alice-secret' });
  });
  afterAll(async () => {
    await alice?.close();
    await setup?.close();
    await broker?.stop();
  });

  it('the bench records the broker user a command came from', async () => {
    const requestId = newRequestId();
    expect(await alice.send('bench1', { requestId, command: 'pause' })).toMatchObject({ ok: true });
    expect(await setup.bench.operator.poll()).toEqual([{ id: requestId, kind: 'pause', by: 'alice' }]);
  });

  it('alice cannot send in bob\'s name: the broker refuses cmd/bob, and a "by": "bob" is refused by the bench', async () => {
    const refused = await alice.client
      .publishAsync('benchhand/bench1/cmd/bob', JSON.stringify({ requestId: newRequestId(), command: 'stop' }), {
        qos: 1,
      })
      .then(
        () => 'allowed',
        () => 'refused',
      );
    expect(refused).toBe('refused');
    const posing = await alice.send('bench1', { requestId: newRequestId(), command: 'stop', by: 'bob' });
    expect(posing).toMatchObject({
      ok: false,
      error: { code: 'invalid', field: 'by', message: expect.stringContaining('user "alice"') },
    });
    expect(await setup.bench.operator.poll()).toEqual([]);
  });

  it('an approval given over MQTT names who gave it', async () => {
    const answer = setup.bench.approvals.ask({
      id: 'approval-alice',
      tool: 'tap_text',
      args: {},
      summary: 'tap on "Delete"',
      rule: 'irreversible',
    });
    expect(
      await alice.send('bench1', { requestId: newRequestId(), command: 'approve', approvalId: 'approval-alice' }),
    ).toMatchObject({ ok: true });
    await expect(answer).resolves.toEqual({ approved: true, by: 'alice' });
  });
});
