// The broker: reachable, accepts the bench's credentials, lets the bench publish its status and
// subscribe to its command topic (the ACL's bench role). A refused publish comes back as 0x87;
// a subscription, mosquitto grants even where the ACL will not deliver, so only its SUBACK is
// checked. Uses a client id of its own, so a bench already running under benchhand-bench-<id>
// keeps its session. The status probe is "online", not retained, expiring in 1 s: the bench's
// retained status is left as it was.
import { randomBytes } from 'node:crypto';
import type { MqttClient } from '../../adapters/mqtt/mqtt-client.js';
import { openBench, type Bench } from '../bench/open-bench.js';
import { benchTopics } from '../../core/operator/topics.js';
import { fail, pass, type CheckResult } from './check-result.js';
import { explainReasonCode, reasonCodeOf } from './mqtt-reason-codes.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import { withTimeout } from '../../core/time/with-timeout.js';

export const BROKER_NAME = 'broker';

export interface BrokerSettings {
  url?: string;
  benchId?: string;
  username?: string;
  passwordEnv?: string;
}

export async function checkBroker(
  settings: BrokerSettings | undefined,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<CheckResult> {
  if (!settings?.url)
    return pass(
      BROKER_NAME,
      'off: no broker configured (operators over MQTT are optional; mqtt.url in --config or --broker)',
    );
  const { url, benchId } = settings;
  let password: string | undefined;
  if (settings.passwordEnv !== undefined) {
    password = env[settings.passwordEnv];
    if (!password)
      return fail(
        BROKER_NAME,
        `the environment variable ${settings.passwordEnv} (mqtt.passwordEnv) is not set or empty`,
        `export ${settings.passwordEnv}=... (the bench's broker password) before running`,
      );
  }
  const who = settings.username ? `user "${settings.username}"` : 'an anonymous client';
  // The client as every command builds it (openBench's broker part), with an id of its own.
  const bench: Bench = openBench({
    broker: {
      url,
      clientId: `benchhand-doctor-${randomBytes(4).toString('hex')}`,
      connectTimeoutMs: timeoutMs,
      ...(settings.username !== undefined ? { username: settings.username } : {}),
      ...(password !== undefined ? { password } : {}),
    },
    say: () => undefined,
  });
  try {
    await withTimeout(bench.start('broker'), timeoutMs + 500, `broker ${url}`, systemClock);
  } catch (error) {
    await bench.stop().catch(() => undefined);
    const code = reasonCodeOf(error);
    if (code !== undefined) {
      return fail(
        BROKER_NAME,
        `${url} refused ${who}: ${explainReasonCode(code, 'connect')}`,
        `check mqtt.username and the password in $${settings.passwordEnv ?? 'PASSWORD_ENV'}; add the bench: sudo mosquitto_passwd /etc/mosquitto/benchhand/passwd ${settings.username ?? benchId ?? 'BENCH_ID'} && sudo systemctl reload mosquitto`,
      );
    }
    return fail(
      BROKER_NAME,
      `cannot reach ${url}: ${(error as Error).message}`,
      'check mqtt.url (host and port) and that the broker runs: systemctl status mosquitto',
    );
  }
  try {
    if (!benchId) return pass(BROKER_NAME, `${url} accepted ${who} (ACL not checked: no mqtt.benchId)`);
    return await checkBenchAcl(bench.get('broker'), url, benchId, who, timeoutMs);
  } finally {
    await bench.stop().catch(() => undefined);
  }
}

async function checkBenchAcl(
  client: MqttClient,
  url: string,
  benchId: string,
  who: string,
  timeoutMs: number,
): Promise<CheckResult> {
  let topics;
  try {
    topics = benchTopics(benchId);
  } catch (error) {
    return fail(BROKER_NAME, (error as Error).message, 'set mqtt.benchId to 1-32 of a-z, 0-9, _ and -');
  }
  const aclFix = `the bench's broker user must be named after the bench id (${benchId}) so host/mosquitto/acl's bench patterns apply; install that ACL (see host/mosquitto/README.md)`;
  try {
    await withTimeout(
      client.publishAsync(topics.status, 'online', { qos: 1, retain: false, properties: { messageExpiryInterval: 1 } }),
      timeoutMs,
      `publish to ${topics.status}`,
      systemClock,
    );
  } catch (error) {
    const code = reasonCodeOf(error);
    return fail(
      BROKER_NAME,
      `${url} accepted ${who} but refused its publish to ${topics.status}: ${code !== undefined ? explainReasonCode(code) : (error as Error).message}`,
      aclFix,
    );
  }
  try {
    const granted = await withTimeout(
      client.subscribeAsync(topics.command, { qos: 1 }),
      timeoutMs,
      `subscribe to ${topics.command}`,
      systemClock,
    );
    const refused = granted.find((grant) => grant.qos >= 0x80);
    if (refused) throw Object.assign(new Error('refused'), { code: refused.qos });
  } catch (error) {
    const code = reasonCodeOf(error);
    return fail(
      BROKER_NAME,
      `${url} accepted ${who} but refused its subscription to ${topics.command}: ${code !== undefined ? explainReasonCode(code, 'subscribe') : (error as Error).message}`,
      aclFix,
    );
  }
  // mosquitto grants a subscription whatever the ACL says and applies read rules on delivery, and
  // the bench may not publish on its own cmd topic: a granted SUBACK is as far as the bench can see.
  return pass(
    BROKER_NAME,
    `${url} accepted ${who}; it may publish ${topics.status}, and its subscription to ${topics.command} was granted`,
  );
}
