// An mqtt.js client whose reconnects we drive: its own reconnectPeriod is off (0) and each lost
// or failed connection schedules the next attempt after a growing, jittered wait. The client
// object and its message stores live for the whole bench session, so QoS 1 messages in flight
// when a connection drops are sent again by mqtt.js on the next one (clean: false).
import { createMqttClient, type IClientOptions, type MqttClient } from './mqtt-client.js';
import type { Clock } from '../../core/ports/clock.js';
import { reconnectDelayMs, type ReconnectBackoff } from './reconnect-backoff.js';

export type FirstAttempt =
  | { kind: 'connected' }
  /** The broker could not be reached: the bench goes on and keeps trying. */
  | { kind: 'unreachable'; message: string }
  /** The broker answered and said no (credentials, authorisation): a configuration error. */
  | { kind: 'refused'; message: string; reasonCode: number };

/** A reconnect attempt as scheduled, for logs and for measuring the backoff. */
export interface ScheduledReconnect {
  attempt: number;
  atMs: number;
  delayMs: number;
}

export interface ConnectionHandlers {
  connected(sessionPresent: boolean): void;
  disconnected(): void;
}

export interface ReconnectingConnectionOptions {
  url: string;
  client: IClientOptions;
  backoff: ReconnectBackoff;
  clock: Clock;
  random(): number;
  log(message: string): void;
  handlers: ConnectionHandlers;
}

/** CONNACK reason codes that mean "you may not", not "try later". */
const REFUSALS = new Set([133, 134, 135, 138, 140]);

export class ReconnectingConnection {
  readonly client: MqttClient;
  readonly schedule: ScheduledReconnect[] = [];
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private stableTimer?: NodeJS.Timeout;
  private closing = false;
  /** Set while the bench waits at exit for the broker: a fixed, short wait between attempts instead of the backoff. */
  private hurryMs?: number;
  private up = false;
  private lastError?: Error;
  private settleFirst?: (outcome: FirstAttempt) => void;
  readonly firstAttempt: Promise<FirstAttempt>;

  constructor(private readonly options: ReconnectingConnectionOptions) {
    this.firstAttempt = new Promise((resolve) => {
      this.settleFirst = resolve;
    });
    this.client = createMqttClient(options.url, { ...options.client, reconnectPeriod: 0 });
    this.client.on('connect', (connack) => this.onConnect(connack.sessionPresent));
    this.client.on('error', (error) => {
      this.lastError = error;
    });
    this.client.on('close', () => this.onClose());
  }

  get connected(): boolean {
    return this.up;
  }

  /** Tries now instead of at the next backoff step (the bench is closing with events still queued). */
  reconnectNow(): void {
    if (this.up || this.closing) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.client.reconnect({ incomingStore: this.client.incomingStore, outgoingStore: this.client.outgoingStore });
  }

  /**
   * Tries now, then every `periodMs` while the broker stays away (the bench is exiting with events
   * unsent and waits a bounded time for it: the backoff's long waits would outlast that).
   */
  retryEvery(periodMs: number): void {
    if (this.hurryMs !== undefined) return;
    this.hurryMs = periodMs;
    this.reconnectNow();
  }

  /** Stops reconnecting. The caller ends the client (after publishing "offline"). */
  stopReconnecting(): void {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.stableTimer);
  }

  private onConnect(sessionPresent: boolean): void {
    // Nagle's algorithm holds a small write until the peer's delayed ACK (~40 ms a hop on Linux,
    // measured on the operator's and the broker's side of a command). Commands and events are
    // small and want to go now; the broker needs set_tcp_nodelay too (host/mosquitto).
    (this.client.stream as { setNoDelay?: (noDelay: boolean) => void }).setNoDelay?.(true);
    this.up = true;
    this.lastError = undefined;
    clearTimeout(this.stableTimer);
    this.stableTimer = setTimeout(() => {
      this.attempt = 0;
    }, this.options.backoff.stableAfterMs);
    this.settle({ kind: 'connected' });
    this.options.handlers.connected(sessionPresent);
  }

  private onClose(): void {
    const wasUp = this.up;
    this.up = false;
    clearTimeout(this.stableTimer);
    const reasonCode = (this.lastError as { code?: unknown } | undefined)?.code;
    const message = this.lastError?.message ?? 'connection closed';
    if (typeof reasonCode === 'number' && REFUSALS.has(reasonCode))
      this.settle({ kind: 'refused', message, reasonCode });
    else this.settle({ kind: 'unreachable', message });
    if (wasUp) {
      // Our own close at exit is not a lost broker: say nothing then.
      if (!this.closing)
        this.options.log(
          `mqtt: lost the broker at ${this.options.url} (${message}); events are kept on disk until it is back`,
        );
      this.options.handlers.disconnected();
    }
    if (!this.closing) this.scheduleReconnect(message);
  }

  private scheduleReconnect(lastProblem: string): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const delayMs = this.hurryMs ?? reconnectDelayMs(this.attempt, this.options.backoff, this.options.random);
    this.schedule.push({ attempt: this.attempt, atMs: this.options.clock.now(), delayMs });
    if (this.attempt > 0)
      this.options.log(`mqtt: reconnect attempt ${this.attempt} failed (${lastProblem}); next in ${delayMs} ms`);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.closing) return;
      // The same stores: what was in flight is sent again on the new connection.
      this.client.reconnect({ incomingStore: this.client.incomingStore, outgoingStore: this.client.outgoingStore });
    }, delayMs);
  }

  private settle(outcome: FirstAttempt): void {
    this.settleFirst?.(outcome);
    this.settleFirst = undefined;
  }
}
