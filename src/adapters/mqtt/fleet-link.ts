// A serving bench on the broker (TOPICS.md, "Fleet"): its own MQTT 5 connection, separate from a
// run's (client id benchhand-service-<id>, so a run's connection never takes its place), with a
// retained availability and a last will, its description and state; the pool's shared job
// subscriptions (one per selector it fits), the pool's claims and results (to know what others
// took) and the fleet's finding statuses. Job messages are acknowledged only when the handler says
// so: after the bench's durable claim, hold or refusal. The session is kept (clean start off) so a
// job delivered but not acknowledged before a crash comes back to this bench when it reconnects.
import { createMqttClient, type IClientOptions, type IPublishPacket, type MqttClient } from './mqtt-client.js';
import {
  ALL_FLEET_FINDINGS,
  fleetTopics,
  lastLevel,
  levelBeforeLast,
  type FleetTopics,
} from '../../core/fleet/fleet-topics.js';
import { serviceTopics } from '../../core/operator/topics.js';
import type { BenchDescription, ServiceState } from '../../core/fleet/service-presence.js';
import { withTimeout } from '../../core/time/with-timeout.js';
import { systemClock } from '../clock/system-clock.js';

export interface FleetLinkOptions {
  url: string;
  benchId: string;
  pool: string;
  /** The selectors this bench fits (core/fleet/tags.ts selectorsFor). */
  selectors: string[];
  username?: string;
  password?: string;
  tlsCa?: string;
  sessionExpirySeconds?: number;
  /** How long connect() waits for the first connection before returning (default 5000 ms). */
  connectTimeoutMs?: number;
  log(message: string): void;
}

export interface FleetHandlers {
  /** A job message on jobs/<selector>; call `acknowledge` once it is durably dealt with. */
  job(text: string, selector: string, acknowledge: () => void): void;
  /** A retained claim (its JSON text; an empty one, a cleared topic, is not passed on). */
  claim(jobId: string, benchId: string, text: string): void;
  result(jobId: string, benchId: string, text: string): void;
  findingStatus(findingId: string, text: string): void;
  /** An operator cancelled this job (retained); an empty message (the marker cleared) is not passed on. */
  cancelled(jobId: string): void;
}

export class FleetLink {
  readonly topics: FleetTopics;
  readonly presence: ReturnType<typeof serviceTopics>;
  private description?: BenchDescription;
  private state?: ServiceState;
  private readonly client: MqttClient;
  private closed = false;

  private constructor(
    private readonly options: FleetLinkOptions,
    private readonly handlers: FleetHandlers,
  ) {
    this.topics = fleetTopics(options.pool);
    this.presence = serviceTopics(options.benchId);
    const client: IClientOptions = {
      protocolVersion: 5,
      clientId: `benchhand-service-${options.benchId}`,
      clean: false,
      properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 3600 },
      reconnectPeriod: 1000,
      connectTimeout: 5000,
      will: { topic: this.presence.status, payload: Buffer.from('offline'), qos: 1, retain: true },
      manualConnect: true,
      ...(options.username !== undefined ? { username: options.username } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(options.tlsCa ? { ca: options.tlsCa } : {}),
    };
    this.client = createMqttClient(options.url, client);
    // Set before connecting: a job the broker hands back after a restart arrives right after CONNACK.
    this.client.handleMessage = (packet, done) => this.onMessage(packet, () => done());
    this.client.on('connect', () => this.onConnected());
    this.client.on('error', (error) => options.log(`fleet: ${error.message}`));
  }

  static async connect(options: FleetLinkOptions, handlers: FleetHandlers): Promise<FleetLink> {
    const link = new FleetLink(options, handlers);
    const connected = new Promise<void>((resolve, reject) => {
      link.client.once('connect', () => resolve());
      link.client.once('error', (error) => {
        if ('code' in error && typeof error.code === 'number')
          reject(
            new Error(
              `the broker at ${options.url} refused bench ${options.benchId}'s service connection: ${error.message}`,
            ),
          );
      });
    });
    link.client.connect();
    // A broker that is down at start is not a reason to stay down: the bench keeps trying (mqtt.js
    // reconnects every second) and serves its health checks meanwhile. A refusal is a config error.
    const first = await Promise.race([
      connected.then(() => 'up' as const),
      new Promise<'later'>((resolve) => setTimeout(() => resolve('later'), options.connectTimeoutMs ?? 5000)),
    ]);
    if (first === 'later')
      options.log(
        `fleet: the broker at ${options.url} is not reachable yet; the bench keeps trying and takes jobs once it is`,
      );
    return link;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  describe(description: BenchDescription): void {
    this.description = description;
    if (this.client.connected)
      this.client.publish(this.presence.description, JSON.stringify(description), { qos: 1, retain: true });
  }

  setState(state: ServiceState): void {
    this.state = state;
    if (this.client.connected)
      this.client.publish(this.presence.state, JSON.stringify(state), { qos: 1, retain: true });
  }

  /** A retained publish (claims, results), resolved when the broker has it (PUBACK). */
  publishRetained(topic: string, payload: unknown): Promise<void> {
    return this.client.publishAsync(topic, JSON.stringify(payload), { qos: 1, retain: true }).then(() => undefined);
  }

  /** A job back to the pool (handed on), resolved at PUBACK. */
  publishJob(selector: string, job: unknown): Promise<void> {
    return this.client.publishAsync(this.topics.jobs(selector), JSON.stringify(job), { qos: 1 }).then(() => undefined);
  }

  publishRefusal(payload: unknown): Promise<void> {
    return this.client
      .publishAsync(this.topics.refused(this.options.benchId), JSON.stringify(payload), { qos: 1 })
      .then(() => undefined);
  }

  /** Says "offline" first (a clean disconnect does not fire the will), then leaves; the session stays. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.client.connected) {
      if (this.state)
        await withTimeout(
          this.client.publishAsync(
            this.presence.state,
            JSON.stringify({ ...this.state, at: new Date().toISOString() }),
            { qos: 1, retain: true },
          ),
          2000,
          'the broker',
          systemClock,
        ).catch(() => undefined);
      await withTimeout(
        this.client.publishAsync(this.presence.status, 'offline', { qos: 1, retain: true }),
        2000,
        'the broker',
        systemClock,
      ).catch(() => undefined);
    }
    await withTimeout(this.client.endAsync(false), 2000, 'the broker', systemClock).catch(() => this.client.end(true));
  }

  private onConnected(): void {
    (this.client.stream as { setNoDelay?: (on: boolean) => void } | undefined)?.setNoDelay?.(true);
    const { client, topics } = this;
    client.publish(this.presence.status, 'online', { qos: 1, retain: true });
    if (this.description)
      client.publish(this.presence.description, JSON.stringify(this.description), { qos: 1, retain: true });
    if (this.state) client.publish(this.presence.state, JSON.stringify(this.state), { qos: 1, retain: true });
    const subscriptions: Record<string, { qos: 1 }> = {
      [topics.allClaims]: { qos: 1 },
      [topics.allResults]: { qos: 1 },
      [ALL_FLEET_FINDINGS]: { qos: 1 },
      [topics.allCancelled]: { qos: 1 },
    };
    for (const selector of this.options.selectors) subscriptions[topics.sharedJobs(selector)] = { qos: 1 };
    client.subscribe(subscriptions, (error, granted) => {
      if (error) this.options.log(`fleet: could not subscribe (${error.message}); no jobs will arrive`);
      const refused = (granted ?? []).filter((g) => g.qos > 2);
      if (refused.length)
        this.options.log(
          `fleet: the broker refused ${refused.map((g) => g.topic).join(', ')} (reason ${refused[0]!.qos}): check the ACL for this bench's pool`,
        );
    });
  }

  private onMessage(packet: IPublishPacket, acknowledge: () => void): void {
    const { topic } = packet;
    const text = Buffer.isBuffer(packet.payload) ? packet.payload.toString('utf8') : String(packet.payload);
    try {
      if (topic.startsWith(this.topics.cancelledPrefix)) {
        if (text) this.handlers.cancelled(lastLevel(topic));
      } else if (topic.startsWith(this.topics.jobsPrefix)) {
        // Acknowledged by the handler, once the job is durably claimed, held or refused.
        this.handlers.job(text, lastLevel(topic), acknowledge);
        return;
      }
      if (text) {
        if (topic.includes('/claims/')) this.handlers.claim(lastLevel(topic), levelBeforeLast(topic), text);
        else if (topic.includes('/results/')) this.handlers.result(lastLevel(topic), levelBeforeLast(topic), text);
        else if (topic.includes('/findings/')) this.handlers.findingStatus(lastLevel(topic), text);
      }
    } catch (error) {
      this.options.log(`fleet: a message on ${topic} could not be handled (${(error as Error).message})`);
    }
    acknowledge();
  }
}
