// One operator port for the loop, fed by every source a person can use (the local control file,
// MQTT) and by the bench itself (an e-stop button pauses the run after stopping the MCU).
import type { OperatorCommand, OperatorPort } from '../../core/ports/operator.js';

export class OperatorHub implements OperatorPort {
  private readonly injected: OperatorCommand[] = [];

  constructor(private readonly sources: OperatorPort[]) {}

  /** A command from the bench itself, e.g. a pause after a physical e-stop. */
  inject(command: OperatorCommand): void {
    this.injected.push(command);
  }

  async poll(): Promise<OperatorCommand[]> {
    const fromSources = (await Promise.all(this.sources.map((source) => source.poll().catch(() => [])))).flat();
    return [...this.injected.splice(0), ...fromSources];
  }
}
