// Sends the outbox in order, a few messages in flight at a time, and records each PUBACK.
// A message handed to mqtt.js stays with it until acknowledged: if the connection drops, mqtt.js
// sends it again on the next one (same client, same store, clean: false) before anything newer,
// so the pump never sends a message twice itself. Only after a restart does the pump resend,
// from the file, what was never acknowledged.
import type { DurableOutbox } from './durable-outbox.js';

export interface PumpTransport {
  isConnected(): boolean;
  /** QoS 1 publish; `done` is called on PUBACK (or with an error). */
  publish(topic: string, payload: string, done: (error?: Error) => void): void;
}

/**
 * In-flight QoS 1 messages per bench. Well below mosquitto's default receive maximum (20), so
 * the broker never has to refuse one; on loopback 10 already saturates the link.
 */
export const DEFAULT_IN_FLIGHT = 10;

export class OutboxPump {
  /** Sequence numbers with mqtt.js, awaiting PUBACK: always the oldest unacknowledged ones. */
  private readonly handedOver = new Set<number>();

  constructor(
    private readonly outbox: DurableOutbox,
    private readonly transport: PumpTransport,
    private readonly window = DEFAULT_IN_FLIGHT,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    outbox.onAppended(() => this.kick());
  }

  /** Sends what the window allows; called on connect, after each append and after each PUBACK. */
  kick(): void {
    if (!this.transport.isConnected()) return;
    for (const message of this.outbox.unacknowledged()) {
      if (this.handedOver.size >= this.window) return;
      if (this.handedOver.has(message.seq)) continue;
      this.handedOver.add(message.seq);
      this.transport.publish(message.topic, message.payload, (error) => {
        if (error) {
          // Only on shutdown ("client disconnecting"): the message stays in the file for the next start.
          this.log(
            `mqtt outbox: message ${message.seq} not acknowledged (${error.message}); it is sent again after a restart`,
          );
          return;
        }
        this.handedOver.delete(message.seq);
        this.outbox.acknowledge(message.seq);
        this.kick();
      });
    }
  }

  /** Messages with mqtt.js awaiting PUBACK. */
  get inFlight(): number {
    return this.handedOver.size;
  }
}
