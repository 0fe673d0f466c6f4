// The console's MQTT 5 session over WebSockets (mqtt.js's browser build, served by `benchhand ops
// web` from the installed package): login, the role probe, subscriptions, and commands with their
// replies, the way `benchhand ops send` does it (src/cli/ops/send.js, TOPICS.md).
import { benchTopic, commandTopic, consoleProbeTopic, replyTopic } from './operator/topics.js';
import mqtt from './vendor/mqtt.esm.js';

/** MQTT 5 reason codes the broker refuses with. */
export const NOT_AUTHORIZED = 0x87;
export const BAD_USER_NAME_OR_PASSWORD = 0x86;

/** A command older than this is dropped by the broker unrun (a phone's clock is not trusted for notAfter). */
export const COMMAND_EXPIRY_SECONDS = 30;
const REPLY_TIMEOUT_MS = 10_000;

/** Hex from the browser's random source: crypto.randomUUID needs a secure context (https), this does not. */
export function randomHex(bytes) {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A broker user name usable as the last level of a command topic (TOPICS.md). */
export function userProblem(user) {
  if (!user) return 'the user name is empty';
  if (/[+#/\u0000-\u001f]/.test(user))
    return 'a user name with "/", "+", "#" or a control character cannot be a command topic level';
  return undefined;
}

export class BrokerSession {
  /** Resolves once connected; rejects with a readable message when the broker refused or could not be reached. */
  static connect(url, user, password, onStatus) {
    const clientId = `console-${randomHex(6)}`;
    // The password lives in these options (mqtt.js reuses them to reconnect) and nowhere else.
    const client = mqtt.connect(url, {
      protocolVersion: 5,
      clientId,
      username: user,
      password,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 8000,
      keepalive: 30,
    });
    return new Promise((resolve, reject) => {
      let settled = false;
      client.once('connect', () => {
        settled = true;
        resolve(new BrokerSession(client, user, clientId, onStatus));
      });
      client.on('error', (error) => {
        if (settled) return onStatus({ kind: 'error', message: error.message });
        settled = true;
        client.end(true);
        const code = error.code;
        if (code === BAD_USER_NAME_OR_PASSWORD || code === NOT_AUTHORIZED || code === 4 || code === 5)
          reject(new Error('the broker refused this user name and password'));
        else reject(new Error(`could not connect to the broker: ${error.message}`));
      });
      // Nothing listening: mqtt.js keeps retrying without an error; give up on the first try.
      client.once('close', () => {
        if (settled) return;
        settled = true;
        client.end(true);
        reject(
          new Error(`could not reach the broker at ${url} (is its websockets listener on? host/mosquitto/README.md)`),
        );
      });
    });
  }

  constructor(client, user, clientId, onStatus) {
    this.client = client;
    this.user = user;
    this.clientId = clientId;
    this.waiting = new Map();
    this.role = 'viewer';
    this.roleReason = '';
    client.on('close', () => onStatus({ kind: 'closed' }));
    client.on('reconnect', () => onStatus({ kind: 'reconnecting' }));
    client.on('connect', () => onStatus({ kind: 'connected' }));
    client.on('message', (topic, payload, packet) => this.onReply(topic, payload, packet));
  }

  /**
   * Whether this user may send commands, asked the way the broker decides it: one empty QoS 1
   * publish on a command topic no bench reads. Success (or "no matching subscribers") = operator;
   * "not authorized" = viewer. See "Knowing one's role" in TOPICS.md.
   */
  async probeRole() {
    const outcome = await this.publish(consoleProbeTopic(this.user), '', { messageExpiryInterval: 1 });
    this.role = outcome.ok ? 'operator' : 'viewer';
    this.roleReason = outcome.ok
      ? 'the broker accepts commands from this user'
      : `the broker refused commands from this user (${outcome.message})`;
    return this.role;
  }

  async subscribe(onMessage) {
    this.client.on('message', (topic, payload) => onMessage(topic, payload));
    const topics = ['status', 'state', 'events', 'findings', 'view'].map((leaf) => benchTopic('+', leaf));
    if (this.role === 'operator') topics.push(replyTopic('+', this.clientId));
    await this.client.subscribeAsync(topics, { qos: 1 });
  }

  /** Sends one command to a bench; resolves with its reply, a refusal, or no reply in time. */
  async send(benchId, body) {
    const requestId = randomHex(16);
    const responseTopic = replyTopic(benchId, this.clientId);
    const replied = new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(requestId);
        resolve({ kind: 'no_reply', waitedMs: REPLY_TIMEOUT_MS, expiresSeconds: COMMAND_EXPIRY_SECONDS });
      }, REPLY_TIMEOUT_MS);
      this.waiting.set(requestId, (reply) => {
        clearTimeout(timer);
        resolve({ kind: 'reply', reply });
      });
    });
    const published = await this.publish(commandTopic(benchId, this.user), JSON.stringify({ requestId, ...body }), {
      responseTopic,
      correlationData: requestId,
      messageExpiryInterval: COMMAND_EXPIRY_SECONDS,
      contentType: 'application/json',
    });
    if (!published.ok) {
      this.waiting.delete(requestId);
      return { kind: 'refused', reasonCode: published.reasonCode, message: published.message };
    }
    return replied;
  }

  end() {
    this.client.end(true);
  }

  publish(topic, payload, properties) {
    return new Promise((resolve) => {
      this.client.publish(topic, payload, { qos: 1, properties }, (error) => {
        if (!error) return resolve({ ok: true });
        const reasonCode = typeof error.code === 'number' ? error.code : -1;
        resolve({
          ok: false,
          reasonCode,
          message: reasonCode === NOT_AUTHORIZED ? 'not authorized, MQTT reason 135' : error.message,
        });
      });
    });
  }

  onReply(topic, payload) {
    if (!topic.endsWith(`/reply/${this.clientId}`)) return;
    let reply;
    try {
      reply = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      return;
    }
    const answer = this.waiting.get(reply?.requestId);
    if (!answer) return;
    this.waiting.delete(reply.requestId);
    answer(reply);
  }
}
