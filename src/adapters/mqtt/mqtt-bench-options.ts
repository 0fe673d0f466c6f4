// How to reach the broker and how the bench behaves on it. Defaults are for a Raspberry Pi on a
// workshop network: a broker that restarts now and then, operators who may be away for a while.
import type { Clock } from '../../core/ports/clock.js';
import type { ReconnectBackoff } from './reconnect-backoff.js';

export interface MqttTlsOptions {
  /** PEM of the CA that signed the broker's certificate (a private CA on a workshop network). */
  ca?: string | Buffer;
  /** Client certificate and key, when the broker asks for one. */
  cert?: string | Buffer;
  key?: string | Buffer;
  /** Default true. False accepts any certificate: for a first test only, never on a shared network. */
  rejectUnauthorized?: boolean;
}

export interface MqttBenchOptions {
  /** mqtt://host:1883 or mqtts://host:8883 (TLS). */
  url: string;
  benchId: string;
  username?: string;
  password?: string;
  tls?: MqttTlsOptions;
  /** Where the outgoing queue (mqtt-outbox.jsonl) lives: the run's state directory on flash. */
  stateDir: string;
  /** The snapshot is published at most this often. Default 10 s: it is retained and may be large. */
  snapshotIntervalMs?: number;
  /** The view (upright screen, OCR lines, last tap) is published at most this often. Default 500 ms: two pictures a second, live for a person controlling the bench by hand. */
  viewIntervalMs?: number;
  /** Monotonic time, for the snapshot rate and the backoff record. */
  clock?: Clock;
  /** Wall-clock time, for the times people read and for `notAfter`. */
  wallClock?: () => Date;
  /** For the reconnect jitter; tests pin it. */
  random?: () => number;
  reconnect?: Partial<ReconnectBackoff>;
  /** How long the broker keeps the bench's session (its subscription and the commands queued for it) while the bench is away. Default 3600. */
  sessionExpirySeconds?: number;
  keepaliveSeconds?: number;
  /** How long the first connection attempt may take before `connect` returns (the bench then keeps trying). Default 5000. */
  connectTimeoutMs?: number;
  /** No approve or deny within this long is a refusal. Default: wait until the loop gives up. */
  approvalTimeoutMs?: number;
  /** An e-stop or finding handler that has not answered after this long gets a "timeout" reply. Default 5000. */
  handlerTimeoutMs?: number;
  /** On close, how long to wait for queued events to reach the broker before leaving them on disk. Default 2000. */
  closeTimeoutMs?: number;
  /**
   * Where what a closing bench could not send is registered for the next process on the bench,
   * which sends it first (outbox-handover.ts). Default: handOverDirectory(benchId).
   */
  handOverDir?: string;
  /**
   * Home Assistant discovery; false turns it off. Default prefix "homeassistant". `username` is
   * Home Assistant's broker user (default "homeassistant"): its buttons publish on cmd/<username>,
   * the one command topic the ACL lets that user write.
   */
  homeAssistant?: false | { prefix?: string; username?: string };
  /** Shown to Home Assistant as the device's software version. */
  softwareVersion?: string;
  /** Where the bench says what happened on the broker (refused commands, lost connections). Default stderr. */
  log?: (message: string) => void;
}
