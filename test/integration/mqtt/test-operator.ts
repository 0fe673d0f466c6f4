// An operator for the MQTT tests: a plain mqtt.js MQTT 5 client that sends commands with a
// response topic and correlation data and waits for the reply, and records what it sees.
import { randomUUID } from 'node:crypto';
import { connect, type IClientOptions, type IPublishPacket, type MqttClient } from 'mqtt';

export interface Received {
  topic: string;
  payload: Buffer;
  retain: boolean;
  packet: IPublishPacket;
  atMs: number;
}

export interface SendOptions {
  /** MQTT 5 messageExpiryInterval, seconds. */
  expirySeconds?: number;
  /** Leave out the response topic. */
  noResponseTopic?: boolean;
  /** Raw payload instead of JSON. */
  raw?: string;
  /** How long to wait for the reply. */
  timeoutMs?: number;
  /** A response topic of the sender's choosing instead of its own reply topic (no reply is awaited there). */
  responseTopic?: string;
  /** Publish on this topic instead of the operator's own cmd/<identity>. */
  topic?: string;
}

export class TestOperator {
  readonly received: Received[] = [];
  private readonly waiters = new Map<string, (reply: Record<string, unknown>) => void>();
  private readonly watchers: Array<() => void> = [];

  /**
   * `identity`: the broker user this operator sends as — its commands go to cmd/<identity>. On a
   * broker with the ACL it is the user name; on the anonymous test broker it is only a claim.
   */
  private constructor(
    readonly client: MqttClient,
    readonly replyTopic: string,
    readonly identity: string,
  ) {
    // Listening before the connection is up: a kept session (clean: false) hands over its queued
    // messages right after CONNACK, before connect() could return, and mqtt.js acknowledges a
    // message nobody listened for all the same — it would be gone for good (this lost events in
    // the broker-outage tests, which then looked like the bench losing them).
    client.on('message', (topic, payload, packet) => {
      this.received.push({ topic, payload, retain: packet.retain, packet, atMs: performance.now() });
      if (topic === replyTopic) {
        const key = packet.properties?.correlationData?.toString('utf8') ?? '';
        this.waiters.get(key)?.(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
        this.waiters.delete(key);
      }
      for (const watcher of this.watchers) watcher();
    });
  }

  static async connect(
    url: string,
    options: IClientOptions & { benchId?: string; identity?: string } = {},
  ): Promise<TestOperator> {
    const name = options.clientId ?? `op-${randomUUID().slice(0, 8)}`;
    const { benchId, identity, ...clientOptions } = options;
    const client = connect(url, { protocolVersion: 5, clientId: name, reconnectPeriod: 0, ...clientOptions });
    const operator = new TestOperator(
      client,
      `benchhand/${benchId ?? 'bench1'}/reply/${name}`,
      identity ?? options.username ?? 'test-operator',
    );
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => {
        client.removeListener('error', reject);
        resolve();
      });
      client.once('error', reject);
    }).catch((error: Error) => {
      client.end(true);
      throw error;
    });
    // As the bench does: without it each PUBLISH waits ~40 ms for the broker's delayed ACK.
    (client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
    await client.subscribeAsync(operator.replyTopic, { qos: 1 });
    return operator;
  }

  async watch(topic: string): Promise<void> {
    await this.client.subscribeAsync(topic, { qos: 1 });
  }

  on(topic: string): Received[] {
    return this.received.filter((message) => message.topic === topic);
  }

  /** Waits until `predicate` holds over what was received. */
  async until(predicate: () => boolean, timeoutMs = 5000, what = 'the expected messages'): Promise<void> {
    if (predicate()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        remove();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const watcher = () => {
        if (predicate()) {
          clearTimeout(timer);
          remove();
          resolve();
        }
      };
      const remove = () => {
        const index = this.watchers.indexOf(watcher);
        if (index >= 0) this.watchers.splice(index, 1);
      };
      this.watchers.push(watcher);
    });
  }

  /** Publishes a command on benchhand/<benchId>/cmd and resolves with the reply (or undefined when none came). */
  async send(
    benchId: string,
    command: Record<string, unknown>,
    options: SendOptions = {},
  ): Promise<Record<string, unknown> | undefined> {
    const correlation = randomUUID();
    const reply = new Promise<Record<string, unknown> | undefined>((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(correlation);
        resolve(undefined);
      }, options.timeoutMs ?? 3000);
      this.waiters.set(correlation, (value) => {
        clearTimeout(timer);
        resolve(value);
      });
    });
    const properties: Record<string, unknown> = {};
    if (!options.noResponseTopic)
      Object.assign(properties, {
        responseTopic: options.responseTopic ?? this.replyTopic,
        correlationData: Buffer.from(correlation),
      });
    if (options.expirySeconds !== undefined) properties.messageExpiryInterval = options.expirySeconds;
    await this.client.publishAsync(
      options.topic ?? `benchhand/${benchId}/cmd/${this.identity}`,
      options.raw ?? JSON.stringify(command),
      { qos: 1, properties },
    );
    return reply;
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

export const newRequestId = () => `req-${randomUUID()}`;
