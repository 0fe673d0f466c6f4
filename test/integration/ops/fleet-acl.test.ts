// The fleet's roles in host/mosquitto/acl, in a REAL mosquitto: bench b1 (pool lab, by its own
// section) reads its pool's jobs through the shared subscription and writes claims and results only
// under its own id and pool; bench b2 (in no pool) gets no jobs and may claim nothing; operator
// alice submits and sets finding statuses; viewer vic reads results and writes nothing.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Mosquitto, shippedAcl } from '../../support/mosquitto.js';
import { until } from '../../support/until.js';
import { describeWithMosquitto } from './broker-requirement.js';

const PASSWORDS = { b1: 'b1-secret', b2: 'b2-secret', alice: 'alice-secret', vic: 'vic-secret' };
type User = keyof typeof PASSWORDS;

describeWithMosquitto('fleet roles of host/mosquitto/acl in a real mosquitto', () => {
  let broker: Mosquitto;
  const clients = new Map<User, MqttClient>();
  const publishAs = (user: User, topic: string, retain = false): Promise<'allowed' | 'refused'> =>
    new Promise((resolve) => {
      clients.get(user)!.publish(topic, '{}', { qos: 1, retain }, (error) => resolve(error ? 'refused' : 'allowed'));
    });

  beforeAll(async () => {
    broker = await Mosquitto.start({
      users: Object.entries(PASSWORDS).map(([username, password]) => ({ username, password })),
      acl: shippedAcl(),
    });
    for (const user of Object.keys(PASSWORDS) as User[]) {
      clients.set(
        user,
        await mqtt.connectAsync(broker.url, {
          protocolVersion: 5,
          username: user,
          password: PASSWORDS[user],
          clientId: `fleet-probe-${user}`,
          reconnectPeriod: 0,
        }),
      );
    }
  });
  afterAll(async () => {
    for (const client of clients.values()) await client.endAsync();
    await broker?.stop();
  });

  it("hands the pool's jobs to its bench through the shared subscription, and to no bench outside the pool", async () => {
    const got: Record<string, string[]> = { b1: [], b2: [] };
    for (const user of ['b1', 'b2'] as const) clients.get(user)!.on('message', (topic) => got[user]!.push(topic));
    await clients.get('b1')!.subscribeAsync('$share/lab/benchhand/_fleet/lab/jobs/any', { qos: 1 });
    // mosquitto 2.0 grants any subscription and checks reads at delivery: b2 hears nothing. (It must
    // not join lab's shared group either: the jobs dealt to it would be dropped — see host/mosquitto/README.md.)
    await clients.get('b2')!.subscribeAsync('benchhand/_fleet/lab/jobs/#', { qos: 1 });
    expect(await publishAs('alice', 'benchhand/_fleet/lab/jobs/any')).toBe('allowed');
    expect(await publishAs('alice', 'benchhand/_fleet/lab/jobs/any')).toBe('allowed');
    await until(() => got.b1!.length === 2, 5000, 'both jobs at b1');
    expect(got.b2).toEqual([]);
    expect(await publishAs('vic', 'benchhand/_fleet/lab/jobs/any')).toBe('refused');
  });

  it('lets a bench claim and report only under its own id, in its own pool; hand a job on in its pool only', async () => {
    expect(await publishAs('b1', 'benchhand/_fleet/lab/claims/b1/job-00000001', true)).toBe('allowed');
    expect(await publishAs('b1', 'benchhand/_fleet/lab/results/b1/job-00000001', true)).toBe('allowed');
    expect(await publishAs('b1', 'benchhand/_fleet/lab/jobs/any')).toBe('allowed');
    expect(await publishAs('b1', 'benchhand/_fleet/lab/claims/b2/job-00000001', true)).toBe('refused');
    expect(await publishAs('b1', 'benchhand/_fleet/lab/results/b2/job-00000001', true)).toBe('refused');
    expect(await publishAs('b1', 'benchhand/_fleet/other/claims/b1/job-00000001', true)).toBe('refused');
    expect(await publishAs('b1', 'benchhand/_fleet/other/jobs/any')).toBe('refused');
    expect(await publishAs('b1', 'benchhand/_fleet/lab/submitted/job-00000001', true)).toBe('refused');
    expect(await publishAs('b1', 'benchhand/_fleet/findings/0123456789abcdef0123456789abcdef', true)).toBe('refused');
    expect(await publishAs('b2', 'benchhand/_fleet/lab/claims/b2/job-00000001', true)).toBe('refused');
  });

  it('lets each bench publish its own service presence only, and keeps its own run topics', async () => {
    expect(await publishAs('b1', 'benchhand/b1/service/status', true)).toBe('allowed');
    expect(await publishAs('b1', 'benchhand/b1/status', true)).toBe('allowed');
    expect(await publishAs('b1', 'benchhand/b2/service/status', true)).toBe('refused');
    expect(await publishAs('b2', 'benchhand/b2/service/description', true)).toBe('allowed');
  });

  it('lets the operator submit and set finding statuses; the viewer reads results, presence and statuses but writes none', async () => {
    expect(await publishAs('alice', 'benchhand/_fleet/lab/submitted/job-00000002', true)).toBe('allowed');
    expect(await publishAs('alice', 'benchhand/_fleet/findings/0123456789abcdef0123456789abcdef', true)).toBe(
      'allowed',
    );
    expect(await publishAs('alice', 'benchhand/_fleet/lab/claims/alice/job-00000002', true)).toBe('refused');
    expect(await publishAs('vic', 'benchhand/_fleet/findings/0123456789abcdef0123456789abcdef', true)).toBe('refused');
    expect(await publishAs('vic', 'benchhand/_fleet/lab/results/vic/job-00000002', true)).toBe('refused');
    const seen: string[] = [];
    clients.get('vic')!.on('message', (topic) => seen.push(topic));
    await clients
      .get('vic')!
      .subscribeAsync([
        'benchhand/_fleet/+/results/#',
        'benchhand/_fleet/findings/#',
        'benchhand/+/service/#',
        'benchhand/_fleet/+/claims/#',
      ]);
    await until(
      () =>
        [
          'benchhand/_fleet/lab/results/b1/job-00000001',
          'benchhand/_fleet/findings/0123456789abcdef0123456789abcdef',
          'benchhand/b1/service/status',
          'benchhand/_fleet/lab/claims/b1/job-00000001',
        ].every((t) => seen.includes(t)),
      5000,
      'the retained fleet topics at the viewer',
    );
  });
});
