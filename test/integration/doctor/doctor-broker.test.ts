// The broker check against a REAL mosquitto with host/mosquitto/acl: the bench's own user
// passes (connect, publish its status, subscribe to its commands); a wrong password and a user
// the ACL does not give the bench role fail with the MQTT 5 reason explained.
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkBroker } from '../../../src/app/doctor/broker-check.js';
import { Mosquitto } from '../../support/mosquitto.js';
import { runCli } from '../../support/run-cli.js';
import { describeWithMosquitto } from '../ops/broker-requirement.js';

const ACL = readFileSync(new URL('../../../host/mosquitto/acl', import.meta.url), 'utf8');
const PASSWORDS = { bench1: 'bench1-secret', vic: 'vic-secret', alice: 'alice-secret' };

describeWithMosquitto('doctor: broker reachability and ACL in a real mosquitto', () => {
  let broker: Mosquitto;
  const env = { BENCH_PASSWORD: PASSWORDS.bench1, VIC_PASSWORD: PASSWORDS.vic, WRONG_PASSWORD: 'not-it' };

  beforeAll(async () => {
    broker = await Mosquitto.start({
      users: Object.entries(PASSWORDS).map(([username, password]) => ({ username, password })),
      acl: ACL,
    });
  });
  afterAll(async () => {
    await broker?.stop();
  });

  it("passes with the bench's own credentials, and leaves its retained status alone", async () => {
    const result = await checkBroker(
      { url: broker.url, benchId: 'bench1', username: 'bench1', passwordEnv: 'BENCH_PASSWORD' },
      3000,
      env,
    );
    expect(result).toEqual({
      name: 'broker',
      status: 'pass',
      detail: `${broker.url} accepted user "bench1"; it may publish benchhand/bench1/status, and its subscription to benchhand/bench1/cmd/+ was granted`,
    });
    const alice = await mqtt.connectAsync(broker.url, {
      protocolVersion: 5,
      username: 'alice',
      password: PASSWORDS.alice,
      reconnectPeriod: 0,
    });
    const retained: string[] = [];
    alice.on('message', (_topic, payload) => retained.push(payload.toString()));
    await alice.subscribeAsync('benchhand/bench1/status');
    // Deliberate: proves no retained status arrives within 200 ms of the subscription.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await alice.endAsync();
    expect(retained).toEqual([]);
  });

  it('fails a wrong password with the reason code explained and the fix', async () => {
    const result = await checkBroker(
      { url: broker.url, benchId: 'bench1', username: 'bench1', passwordEnv: 'WRONG_PASSWORD' },
      3000,
      env,
    );
    expect(result.status).toBe('fail');
    expect(result.detail).toBe(
      `${broker.url} refused user "bench1": MQTT reason 135 (0x87): not authorized: a wrong password, a user missing from the password file, or no user at all where allow_anonymous is false (mosquitto answers all three this way)`,
    );
    expect(result.fix).toContain('sudo mosquitto_passwd /etc/mosquitto/benchhand/passwd bench1');
  });

  it('fails a user without the bench role: the ACL refuses its status publish (0x87)', async () => {
    const result = await checkBroker(
      { url: broker.url, benchId: 'bench1', username: 'vic', passwordEnv: 'VIC_PASSWORD' },
      3000,
      env,
    );
    expect(result.status).toBe('fail');
    expect(result.detail).toBe(
      `${broker.url} accepted user "vic" but refused its publish to benchhand/bench1/status: MQTT reason 135 (0x87): not authorized: the broker's ACL (or allow_anonymous false) does not allow this`,
    );
    expect(result.fix).toContain('must be named after the bench id (bench1)');
  });

  it('says which variable is missing before trying', async () => {
    const result = await checkBroker(
      { url: broker.url, benchId: 'bench1', username: 'bench1', passwordEnv: 'UNSET_VARIABLE' },
      3000,
      {},
    );
    expect(result).toMatchObject({
      status: 'fail',
      fix: "export UNSET_VARIABLE=... (the bench's broker password) before running",
    });
  });

  it('fails an unreachable broker with where to look', async () => {
    await broker.pause();
    try {
      const result = await checkBroker({ url: broker.url, benchId: 'bench1' }, 1000, env);
      expect(result).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining(`cannot reach ${broker.url}`),
        fix: expect.stringContaining('systemctl status mosquitto'),
      });
    } finally {
      await broker.resume();
    }
  });

  it('the CLI reports a refused login on its broker line and exits 1', async () => {
    const result = await runCli(
      [
        'doctor',
        '--broker',
        broker.url,
        '--bench-id',
        'bench1',
        '--username',
        'bench1',
        '--password-env',
        'WRONG_PASSWORD',
        '--timeout',
        '1',
      ],
      '',
      env,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /✗ broker: .* refused user "bench1": MQTT reason 135 \(0x87\): not authorized: a wrong password.* — fix: /,
    );
  });
});
