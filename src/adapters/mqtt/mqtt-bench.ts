// The bench on an MQTT broker (TOPICS.md): availability, retained state, events and findings that
// survive a broker outage and a crash, a rate-limited camera snapshot, operator commands with
// replies, and Home Assistant discovery. Broker trouble never reaches the agent: publishing never
// throws, and the run goes on while the connection comes and goes.
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { IClientOptions, IPublishPacket } from './mqtt-client.js';
import type { ProgressEvent } from '../../core/agent/loop/agent-deps.js';
import type { Clock } from '../../core/ports/clock.js';
import type { FindingRecord } from '../../core/findings/finding-record.js';
import type { SaveResult } from '../../core/findings/save-rules.js';
import { systemClock } from '../clock/system-clock.js';
import type { EmergencyStopHandler, FindingStatusHandler, ResumeGate } from './app-handlers.js';
import { tapPointOfCall, type BenchView, type LastTap } from './bench-view.js';
import {
  initialBenchState,
  mergeBenchState,
  stateUpdateForProgress,
  type BenchState,
  type BenchStateUpdate,
  type RunSummary,
} from '../../core/operator/bench-state.js';
import { CommandReceiver, type ReplyToSend } from './command-receiver.js';
import { DurableOutbox } from './durable-outbox.js';
import { homeAssistantDiscovery } from './home-assistant-discovery.js';
import { MqttApprovals } from './mqtt-approvals.js';
import type { MqttBenchOptions } from './mqtt-bench-options.js';
import { MqttOperator } from './mqtt-operator.js';
import { OutboxPump } from './outbox-pump.js';
import { adoptLeftovers, handOverDirectory, registerLeftovers } from './outbox-handover.js';
import { DEFAULT_RECONNECT_BACKOFF } from './reconnect-backoff.js';
import { ReconnectingConnection, type ScheduledReconnect } from './reconnecting-connection.js';
import { otherRunEvent, runEventFromProgress, type FindingMessage, type RunEventType } from './run-event.js';
import { benchClientId, benchTopics, commandSender, type BenchTopics } from '../../core/operator/topics.js';
import { withTimeout } from '../../core/time/with-timeout.js';

export const OUTBOX_FILE = 'mqtt-outbox.jsonl';

/** Outcomes after which the tap did reach the screen (a failed check comes after the tap). */
const TAP_DONE = new Set(['ok', 'verify_failed', 'timeout']);

/** Replies an operator never collected should not sit in its session for ever. */
const REPLY_EXPIRY_SECONDS = 300;

/** How often a bench exiting with events unsent tries the broker again. */
const EXIT_RETRY_MS = 500;

export class MqttBench {
  /** Pause, resume, stop and redirect from operators, for the loop to poll at safe points. */
  readonly operator = new MqttOperator();
  /** Approval requests, answered by approve/deny commands. */
  readonly approvals: MqttApprovals;
  readonly topics: BenchTopics;
  private current: BenchState;
  private emergencyStopHandler?: EmergencyStopHandler;
  private findingStatusHandler?: FindingStatusHandler;
  private resumeGateHandler?: ResumeGate;
  private latestSnapshot?: Buffer;
  private lastSnapshotAtMs = -Infinity;
  private latestView?: string;
  private lastViewAtMs = -Infinity;
  private tapSeen: LastTap | null = null;
  private tapCalled?: LastTap & { tool: string };
  private runStartedAtMs?: number;
  private subscribed?: Promise<void>;
  private closed = false;
  private readonly receiver: CommandReceiver;
  private readonly pump: OutboxPump;
  private readonly connection: ReconnectingConnection;
  private readonly clock: Clock;
  private readonly wallClock: () => Date;
  private readonly log: (message: string) => void;

  private constructor(
    private readonly options: MqttBenchOptions,
    private readonly outbox: DurableOutbox,
  ) {
    this.topics = benchTopics(options.benchId);
    this.clock = options.clock ?? systemClock;
    this.wallClock = options.wallClock ?? (() => new Date());
    this.log = options.log ?? ((message) => process.stderr.write(`${message}\n`));
    this.current = initialBenchState(options.benchId, this.isoNow());
    this.approvals = new MqttApprovals({
      show: (pending) => this.updateState({ pendingApproval: pending }),
      answered: (answer) => this.updateState({ lastApprovalAnswer: answer }),
      wallClock: () => this.isoNow(),
      ...(options.approvalTimeoutMs !== undefined ? { timeoutMs: options.approvalTimeoutMs } : {}),
    });
    this.receiver = new CommandReceiver({
      operator: this.operator,
      approvals: this.approvals,
      emergencyStop: () => this.emergencyStopHandler,
      findingStatus: () => this.findingStatusHandler,
      resumeGate: () => this.resumeGateHandler,
      markEstopped: () => this.updateState({ estopped: true }),
      publishFindingChange: (record) => this.queueFinding('status_changed', record),
      handlerTimeoutMs: options.handlerTimeoutMs ?? 5000,
      replyPrefix: this.topics.replyPrefix,
      // On the bench's own events topic, never at the sender's: that is what could not be trusted.
      recordRefusal: (refusal) => this.publishEvent('operator', { refused: true, ...refusal }),
      log: this.log,
      now: this.wallClock,
      newId: randomUUID,
    });
    this.connection = new ReconnectingConnection({
      url: options.url,
      client: this.clientOptions(),
      backoff: { ...DEFAULT_RECONNECT_BACKOFF, ...options.reconnect },
      clock: this.clock,
      random: options.random ?? Math.random,
      log: this.log,
      handlers: { connected: () => this.onConnected(), disconnected: () => undefined },
    });
    // `done` sends the PUBACK. It goes before the reply: whatever the reply's publish does to the
    // connection, the command is acknowledged and the kept session never hands it back again.
    this.connection.client.handleMessage = (packet, done) => {
      void this.onMessage(packet, () => done());
    };
    this.pump = new OutboxPump(
      this.outbox,
      {
        isConnected: () => this.connection.connected,
        publish: (topic, payload, done) =>
          this.connection.client.publish(topic, payload, { qos: 1 }, (error) => done(error ?? undefined)),
      },
      undefined,
      this.log,
    );
  }

  /**
   * Connects and subscribes. Resolves once connected, or once the first attempt failed to reach
   * the broker (the bench then keeps trying in the background). Rejects only when the broker
   * answered and refused the credentials: that is a configuration error, not an outage.
   */
  static async connect(options: MqttBenchOptions): Promise<MqttBench> {
    benchTopics(options.benchId);
    await mkdir(options.stateDir, { recursive: true });
    const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
    const outbox = await DurableOutbox.open(join(options.stateDir, OUTBOX_FILE), log);
    // What an earlier process on this bench could not send goes out first, in its order.
    await adoptLeftovers(options.handOverDir ?? handOverDirectory(options.benchId), outbox, log).catch((error: Error) =>
      log(`mqtt outbox: could not take what earlier processes left (${error.message})`),
    );
    const bench = new MqttBench(options, outbox);
    const first = await bench.connection.firstAttempt;
    if (first.kind === 'refused') {
      await bench.shutDown();
      throw new Error(
        `the MQTT broker at ${options.url} refused bench "${options.benchId}": ${first.message} (reason code ${first.reasonCode}); check the username, password and the broker's ACL`,
      );
    }
    if (first.kind === 'unreachable')
      log(
        `mqtt: the broker at ${options.url} is not reachable (${first.message}); the run goes on, events are kept on disk and sent when it is back`,
      );
    else await bench.subscribed;
    return bench;
  }

  /** The app's e-stop: called at once on an "estop" command; its answer says whether the MCU latched. */
  onEmergencyStop(handler: EmergencyStopHandler): void {
    this.emergencyStopHandler = handler;
  }

  /** What the app's run would say to a resume now (a latched e-stop), so the reply says what the bench will do. */
  onResumeGate(gate: ResumeGate): void {
    this.resumeGateHandler = gate;
  }

  /** The app's finding status change, for a "finding" command. */
  onFindingStatus(handler: FindingStatusHandler): void {
    this.findingStatusHandler = handler;
  }

  get state(): BenchState {
    return this.current;
  }

  get connected(): boolean {
    return this.connection.connected;
  }

  /** Reconnect attempts so far, with their waits (for logs and the backoff measurement). */
  get reconnects(): readonly ScheduledReconnect[] {
    return this.connection.schedule;
  }

  /** Events and findings not yet acknowledged by the broker (on disk). */
  get queuedMessages(): number {
    return this.outbox.unacknowledged().length;
  }

  /** A loop progress event: published on `events` (queued on disk), and reflected in the state. */
  publishProgress(event: ProgressEvent): void {
    const at = this.isoNow();
    this.noteTap(event, at);
    this.queueEvent(runEventFromProgress(event, randomUUID(), at, this.current.run?.runId ?? null));
    const update = stateUpdateForProgress(this.current, event, at);
    if (update?.run && this.runStartedAtMs !== undefined)
      update.run.elapsedMs = Math.round(this.clock.now() - this.runStartedAtMs);
    if (update) this.updateState(update);
  }

  /** A run starts: its task, goal and budgets go into the state, and its elapsed time counts from now (updated at every step). */
  showRun(run: Pick<RunSummary, 'task' | 'goal' | 'interpreter' | 'maxSteps' | 'deadlineMs'>): void {
    this.runStartedAtMs = this.clock.now();
    this.updateState({ run: { ...run, status: 'running', elapsedMs: 0 } });
  }

  /** A called tap becomes the last one; if its outcome says it never moved (denied, refused, not found...), the one before stays. */
  private noteTap(event: ProgressEvent, at: string): void {
    if (event.type === 'call') {
      const point = tapPointOfCall(event.tool, event.summary);
      if (point) this.tapCalled = { ...point, summary: event.summary, at, tool: event.tool };
    } else if (event.type === 'outcome' && this.tapCalled?.tool === event.tool) {
      if (TAP_DONE.has(event.status))
        this.tapSeen = {
          x: this.tapCalled.x,
          y: this.tapCalled.y,
          summary: this.tapCalled.summary,
          at: this.tapCalled.at,
        };
      this.tapCalled = undefined;
    }
  }

  /** Events the loop's progress does not carry: recovery decisions, operator commands taken, the finish. */
  publishEvent(type: RunEventType, fields: Record<string, unknown>): void {
    this.queueEvent(otherRunEvent(type, fields, randomUUID(), this.isoNow(), this.current.run?.runId ?? null));
  }

  updateState(update: BenchStateUpdate): void {
    this.current = mergeBenchState(this.current, update, this.isoNow());
    this.publishState();
  }

  /** A saved finding (the store's SaveResult). */
  publishFinding(saved: SaveResult): void {
    this.queueFinding(saved.reason, saved.record);
  }

  /** A camera frame; published (retained) only if the last one is at least snapshotIntervalMs old. */
  publishSnapshot(jpeg: Uint8Array): boolean {
    const now = this.clock.now();
    if (now - this.lastSnapshotAtMs < (this.options.snapshotIntervalMs ?? 10_000)) return false;
    this.lastSnapshotAtMs = now;
    this.latestSnapshot = Buffer.from(jpeg);
    if (this.connection.connected)
      this.connection.client.publish(this.topics.snapshot, this.latestSnapshot, { qos: 0, retain: true });
    return true;
  }

  /**
   * The last tap (device pixels), for the view: the one called last, unless it still waits for an
   * approval (then the one before it). The agent looks only after its tap, so a view made after
   * the call shows the screen that tap led to.
   */
  get lastTap(): LastTap | null {
    if (this.tapCalled && !this.current.pendingApproval)
      return { x: this.tapCalled.x, y: this.tapCalled.y, summary: this.tapCalled.summary, at: this.tapCalled.at };
    return this.tapSeen;
  }

  /** Whether a view published now would pass the rate limit: ask before rendering one (it costs a JPEG encode). */
  viewDue(): boolean {
    return this.clock.now() - this.lastViewAtMs >= (this.options.viewIntervalMs ?? 500);
  }

  /** The upright screen, its OCR lines and the last tap (retained, QoS 0); dropped when another went out less than viewIntervalMs ago. */
  publishView(view: BenchView): boolean {
    if (!this.viewDue()) return false;
    this.lastViewAtMs = this.clock.now();
    this.latestView = JSON.stringify(view);
    if (this.connection.connected)
      this.connection.client.publish(this.topics.view, this.latestView, { qos: 0, retain: true });
    return true;
  }

  /**
   * Waits up to closeTimeoutMs for queued events to reach the broker (trying to reach it every
   * EXIT_RETRY_MS while it is away), says "offline" (a clean disconnect does not fire the last
   * will), and disconnects. What did not get out is handed over to the next process on the bench.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const graceMs = this.options.closeTimeoutMs ?? 2000;
    // The run's last events (its "finished", say) are often still on their way to disk.
    await this.outbox.settled();
    await this.deliverBeforeExit(graceMs);
    this.connection.stopReconnecting();
    this.approvals.cancelAll('the bench closed its MQTT connection before anyone answered');
    if (this.connection.connected) {
      this.current = mergeBenchState(this.current, { online: false }, this.isoNow());
      const client = this.connection.client;
      client.publish(this.topics.state, JSON.stringify(this.current), { qos: 1, retain: true });
      await withTimeout(
        client.publishAsync(this.topics.status, 'offline', { qos: 1, retain: true }),
        2000,
        'the broker',
        systemClock,
      ).catch(() => undefined);
    }
    await this.handOverLeftovers();
    await this.shutDown();
  }

  /** Messages still unacknowledged after the bounded drain are registered for the next process on the bench. */
  private async handOverLeftovers(): Promise<void> {
    const left = this.outbox.unacknowledged().length;
    if (left === 0) return;
    const directory = this.options.handOverDir ?? handOverDirectory(this.options.benchId);
    await registerLeftovers(directory, this.outbox.path).then(
      () =>
        this.log(
          `mqtt: ${left} message(s) not yet on the broker are left for the next process on this bench (${directory})`,
        ),
      (error: Error) =>
        this.log(`mqtt: ${left} message(s) stay in ${this.outbox.path}; handing them over failed (${error.message})`),
    );
  }

  private async shutDown(): Promise<void> {
    this.connection.stopReconnecting();
    const client = this.connection.client;
    await withTimeout(client.endAsync(!this.connection.connected), 2000, 'the broker', systemClock).catch(() =>
      client.end(true),
    );
    await this.outbox.close();
  }

  /**
   * The run's last events (its "finished" among them) are what an operator waits for: while any is
   * unacknowledged, and for at most `timeoutMs`, the broker is tried again every EXIT_RETRY_MS
   * whenever it is away (each run's outbox is its own: what is left waits for the next process).
   * Real time, whatever clock the bench was given: this waits on the network.
   */
  private async deliverBeforeExit(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    let told = false;
    while (this.outbox.unacknowledged().length > 0 && performance.now() < deadline) {
      if (!this.connection.connected) {
        if (!told)
          this.log(
            `mqtt: the broker is away with ${this.outbox.unacknowledged().length} event(s) unsent; waiting up to ${Math.round(timeoutMs / 100) / 10} s for it (mqtt.exitWaitSeconds) before handing them over`,
          );
        told = true;
        this.connection.retryEvery(EXIT_RETRY_MS);
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private onConnected(): void {
    const client = this.connection.client;
    // Retained messages on cmd are never delivered (retainHandling 2): a retained command would
    // otherwise run again at every subscribe.
    this.subscribed = client
      .subscribeAsync(this.topics.command, { qos: 1, rh: 2, nl: true })
      .then(() => undefined)
      .catch((error: Error) =>
        this.log(`mqtt: could not subscribe to ${this.topics.command} (${error.message}); commands will not arrive`),
      );
    client.publish(this.topics.status, 'online', { qos: 1, retain: true });
    this.current = mergeBenchState(this.current, { online: true }, this.isoNow());
    this.publishState();
    if (this.options.homeAssistant !== false) {
      const messages = homeAssistantDiscovery({
        benchId: this.options.benchId,
        topics: this.topics,
        prefix: this.options.homeAssistant?.prefix ?? 'homeassistant',
        username: this.options.homeAssistant?.username ?? 'homeassistant',
        softwareVersion: this.options.softwareVersion ?? 'unknown',
      });
      for (const message of messages) client.publish(message.topic, message.payload, { qos: 1, retain: true });
    }
    if (this.latestSnapshot) client.publish(this.topics.snapshot, this.latestSnapshot, { qos: 0, retain: true });
    if (this.latestView) client.publish(this.topics.view, this.latestView, { qos: 0, retain: true });
    this.pump.kick();
  }

  private async onMessage(packet: IPublishPacket, acknowledge: () => void): Promise<void> {
    let reply: ReplyToSend | undefined;
    try {
      const sender = commandSender(this.topics, packet.topic);
      if (sender === undefined) return;
      const properties = packet.properties ?? {};
      reply = await this.receiver.receive({
        payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
        sender,
        ...(properties.responseTopic !== undefined ? { responseTopic: properties.responseTopic } : {}),
        ...(properties.correlationData ? { correlationData: properties.correlationData } : {}),
      });
    } catch (error) {
      this.log(`mqtt: a command could not be handled (${(error as Error).message})`);
    } finally {
      acknowledge();
    }
    if (!reply) return;
    this.connection.client.publish(
      reply.topic,
      JSON.stringify(reply.reply),
      {
        qos: 1,
        properties: {
          messageExpiryInterval: REPLY_EXPIRY_SECONDS,
          contentType: 'application/json',
          ...(reply.correlationData ? { correlationData: reply.correlationData } : {}),
        },
      },
      (error) => {
        if (error)
          this.log(
            `mqtt: the reply to request ${reply.reply.requestId ?? 'without id'} on ${reply.topic} was not delivered (${error.message})`,
          );
      },
    );
  }

  private publishState(): void {
    if (!this.connection?.connected) return; // sent in full on the next connect
    this.connection.client.publish(this.topics.state, JSON.stringify(this.current), { qos: 1, retain: true });
  }

  private queueEvent(event: object): void {
    void this.outbox.append(this.topics.events, JSON.stringify(event));
  }

  private queueFinding(reason: FindingMessage['reason'], record: FindingRecord): void {
    const message: FindingMessage = { id: randomUUID(), at: this.isoNow(), reason, record };
    void this.outbox.append(this.topics.findings, JSON.stringify(message));
  }

  private clientOptions(): IClientOptions {
    const { options } = this;
    return {
      protocolVersion: 5,
      clientId: benchClientId(options.benchId),
      // A kept session: commands sent while the bench is briefly away wait for it at the broker
      // (each may carry messageExpiryInterval so a stale one is dropped there).
      clean: false,
      properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 3600 },
      keepalive: options.keepaliveSeconds ?? 30,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      will: { topic: this.topics.status, payload: Buffer.from('offline'), qos: 1, retain: true },
      resubscribe: false,
      ...(options.username !== undefined ? { username: options.username } : {}),
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(options.tls ? { ...options.tls } : {}),
    };
  }

  private isoNow(): string {
    return this.wallClock().toISOString();
  }
}
