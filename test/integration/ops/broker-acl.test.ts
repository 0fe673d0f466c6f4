// host/mosquitto/acl enforces the three roles of TOPICS.md in a REAL mosquitto, with users bench1
// and bench2 (bench role), alice (operator) and vic (viewer). (The shipped mosquitto.conf is
// checked in shipped-config.test.ts.)
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { Mosquitto, shippedAcl } from '../../support/mosquitto.js';
import { describeWithMosquitto } from './broker-requirement.js';
import { sampleState, startStandInBench, type StandInBench } from './stand-in-bench.js';
import { until } from '../../support/until.js';

const ACL = shippedAcl();
const PASSWORDS = { bench1: 'bench1-secret', bench2: 'bench2-secret', alice: 'alice-secret', vic: 'vic-secret' };
type User = keyof typeof PASSWORDS;

describeWithMosquitto('host/mosquitto ACL roles in a real mosquitto', () => {
  let broker: Mosquitto;
  let bench1: StandInBench;
  const clients = new Map<User, MqttClient>();

  const connectAs = async (user: User): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      username: user,
      password: PASSWORDS[user],
      clientId: `probe-${user}`,
      reconnectPeriod: 0,
    });
    clients.set(user, client);
    return client;
  };
  const publishAs = (user: User, topic: string): Promise<'allowed' | 'refused'> =>
    new Promise((resolve) => {
      clients.get(user)!.publish(topic, 'probe', { qos: 1 }, (error) => resolve(error ? 'refused' : 'allowed'));
    });
  const ops = (user: User, args: string[]) =>
    runCli(['ops', ...args, '--broker', broker.url, '--username', user, '--password-env', 'OPS_TEST_PASSWORD'], '', {
      OPS_TEST_PASSWORD: PASSWORDS[user],
    });

  beforeAll(async () => {
    broker = await Mosquitto.start({
      users: Object.entries(PASSWORDS).map(([username, password]) => ({ username, password })),
      acl: ACL,
    });
    bench1 = await startStandInBench({
      url: broker.url,
      benchId: 'bench1',
      username: 'bench1',
      password: PASSWORDS.bench1,
      state: sampleState('bench1'),
    });
    for (const user of Object.keys(PASSWORDS) as User[]) await connectAs(user);
  });
  afterAll(async () => {
    for (const client of clients.values()) await client.endAsync();
    await bench1?.stop();
    await broker?.stop();
  });

  it('refuses anonymous clients', async () => {
    await expect(mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 })).rejects.toThrow(
      /Not authorized/,
    );
  });

  it('viewer vic cannot send a command: ops exits 4 naming the role needed, and the bench gets nothing', async () => {
    const before = bench1.received.length;
    const result = await ops('vic', ['send', 'bench1', 'pause', '--timeout', '3']);
    expect(result.stderr).toMatch(
      /user "vic" is not authorized to publish to benchhand\/bench1\/cmd.*needs the operator role/,
    );
    expect(result.code).toBe(4);
    expect(bench1.received.length).toBe(before);
  });

  it('viewer vic can list the benches', async () => {
    const result = await ops('vic', ['list', '--wait', '0.5']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('bench1  online  running, step 3/40');
  });

  it('operator alice can send a command and reads the reply on her own reply topic', async () => {
    const result = await ops('alice', ['send', 'bench1', 'pause']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('bench1: pause done — pause taken\n');
    expect(result.code).toBe(0);
  });

  it('a wrong password is refused with exit 4', async () => {
    const result = await runCli(
      ['ops', 'list', '--broker', broker.url, '--username', 'alice', '--password-env', 'WRONG'],
      '',
      { WRONG: 'not-her-password' },
    );
    expect(result.stderr).toMatch(/refused user "alice"/);
    expect(result.code).toBe(4);
  });

  it("a bench writes only its own tree; it cannot publish another bench's state or status", async () => {
    expect(await publishAs('bench1', 'benchhand/bench1/state')).toBe('allowed');
    expect(await publishAs('bench1', 'benchhand/bench1/events')).toBe('allowed');
    expect(await publishAs('bench1', 'benchhand/bench1/reply/benchhand-ops-abc')).toBe('allowed');
    expect(await publishAs('bench1', 'homeassistant/button/benchhand_bench1/pause/config')).toBe('allowed');
    expect(await publishAs('bench1', 'benchhand/bench2/state')).toBe('refused');
    expect(await publishAs('bench1', 'benchhand/bench2/status')).toBe('refused');
    expect(await publishAs('bench1', 'homeassistant/button/benchhand_bench2/pause/config')).toBe('refused');
    await bench1.publishState(sampleState('bench1')); // the probe overwrote the retained state
  });

  it('an operator writes commands only on her own cmd/<user name>; no other role writes any', async () => {
    expect(await publishAs('alice', 'benchhand/bench1/cmd/alice')).toBe('allowed');
    expect(await publishAs('alice', 'benchhand/bench2/cmd/alice')).toBe('allowed');
    // Not in anyone else's name, and not on the old shared topic.
    expect(await publishAs('alice', 'benchhand/bench1/cmd/bob')).toBe('refused');
    expect(await publishAs('alice', 'benchhand/bench1/cmd/homeassistant')).toBe('refused');
    expect(await publishAs('alice', 'benchhand/bench1/cmd')).toBe('refused');
    expect(await publishAs('alice', 'benchhand/bench1/cmd/alice/x')).toBe('refused');
    // A bench commands no bench, not even under its own name (why the ACL has no cmd/%u pattern).
    expect(await publishAs('bench1', 'benchhand/bench2/cmd/bench1')).toBe('refused');
    expect(await publishAs('bench2', 'benchhand/bench1/cmd/bench2')).toBe('refused');
    expect(await publishAs('bench1', 'benchhand/bench1/cmd/bench1')).toBe('refused');
    expect(await publishAs('vic', 'benchhand/bench1/cmd/vic')).toBe('refused');
  });

  it("ops send goes out on the sender's own command topic, and the bench sees who sent it from the topic", async () => {
    const before = bench1.received.length;
    expect((await ops('alice', ['send', 'bench1', 'stop'])).code).toBe(0);
    expect(bench1.received[before]).toMatchObject({
      topic: 'benchhand/bench1/cmd/alice',
      command: { command: 'stop' },
    });
    expect(bench1.received[before]!.command).not.toHaveProperty('by');
  });

  it('people cannot pose as a bench named after them, and a viewer writes nothing at all', async () => {
    expect(await publishAs('alice', 'benchhand/alice/state')).toBe('refused');
    expect(await publishAs('alice', 'benchhand/bench1/state')).toBe('refused');
    expect(await publishAs('vic', 'benchhand/vic/state')).toBe('refused');
    expect(await publishAs('vic', 'benchhand/bench1/state')).toBe('refused');
    expect(await publishAs('vic', 'benchhand/bench1/reply/probe-vic')).toBe('refused');
    expect(await publishAs('vic', 'homeassistant/button/benchhand_vic/pause/config')).toBe('refused');
  });

  it("reads: a viewer sees state but not commands or replies; a bench sees its own cmd, not another's", async () => {
    const seen: Record<'vic' | 'bench2' | 'alice', string[]> = { vic: [], bench2: [], alice: [] };
    for (const user of ['vic', 'bench2', 'alice'] as const) {
      const client = clients.get(user)!;
      client.on('message', (topic) => seen[user].push(topic));
      await client.subscribeAsync('benchhand/#', { qos: 1 });
    }
    await publishAs('bench1', 'benchhand/bench1/events');
    await publishAs('bench1', 'benchhand/bench1/reply/probe-alice');
    await publishAs('alice', 'benchhand/bench1/cmd/alice');
    await publishAs('alice', 'benchhand/bench2/cmd/alice');
    // Wait for what must arrive; then a deliberate 200 ms window for what must not (a denied copy would come with them).
    await until(
      () => seen.vic.includes('benchhand/bench1/events') && seen.alice.length >= 3 && seen.bench2.length >= 1,
      10000,
      'the permitted copies delivered',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.vic).toContain('benchhand/bench1/events');
    expect(seen.vic).not.toContain('benchhand/bench1/cmd/alice');
    expect(seen.vic).not.toContain('benchhand/bench1/reply/probe-alice');
    expect(seen.alice).toEqual(
      expect.arrayContaining([
        'benchhand/bench1/events',
        'benchhand/bench1/cmd/alice',
        'benchhand/bench1/reply/probe-alice',
      ]),
    );
    expect(seen.bench2).toEqual(['benchhand/bench2/cmd/alice']);
  });
});
