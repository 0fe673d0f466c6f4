// Operator commands that arrived over MQTT, handed to the loop when it asks at a safe point. The
// bench only delivers: when a pause or a redirect takes effect is the loop's decision.
import type { OperatorCommand, OperatorPort } from '../../core/ports/operator.js';

export class MqttOperator implements OperatorPort {
  private waiting: OperatorCommand[] = [];
  private readonly delivered = new Set<string>();

  /** Queues a command; a command id already queued or delivered is dropped (the port's contract). */
  deliver(command: OperatorCommand): void {
    if (this.delivered.has(command.id)) return;
    this.delivered.add(command.id);
    this.waiting.push(command);
  }

  async poll(): Promise<OperatorCommand[]> {
    const commands = this.waiting;
    this.waiting = [];
    return commands;
  }

  /** How many commands wait for the next safe point. */
  get queued(): number {
    return this.waiting.length;
  }
}
