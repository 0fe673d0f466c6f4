// BenchGpio over opened lines (onoff's Gpio on a Pi, a fake-tree class in tests). It owns the
// handler list and keeps a failing handler from reaching the interrupt callback, where a throw
// would be an uncaught exception and end the agent.
import type { BenchGpio, EmergencyStopHandler, GpioLines, GpioStatus, LedPattern } from './bench-gpio.js';
import { GpioUnavailableError } from './bench-gpio.js';
import type { EmergencyStopInput } from './emergency-stop-input.js';
import type { ResetOutput } from './reset-output.js';
import type { StatusLed } from './status-led.js';

export interface OpenedLines {
  emergencyStop?: EmergencyStopInput;
  mcuReset?: ResetOutput;
  statusLed?: StatusLed;
}

export class OnoffBenchGpio implements BenchGpio {
  readonly status: GpioStatus = 'on';
  readonly lines: GpioLines;
  private readonly handlers = new Set<EmergencyStopHandler>();
  private closed = false;

  constructor(
    private readonly opened: OpenedLines,
    private readonly warn: (message: string) => void,
  ) {
    this.lines = {
      emergencyStop: opened.emergencyStop !== undefined,
      mcuReset: opened.mcuReset !== undefined,
      statusLed: opened.statusLed !== undefined,
    };
  }

  /** Wired as the EmergencyStopInput's onPress by openBenchGpio. */
  dispatchEmergencyStop(at: Date): void {
    for (const handler of [...this.handlers]) {
      try {
        const result = handler({ at });
        if (result instanceof Promise)
          result.catch((error: unknown) => this.warn(`e-stop handler failed: ${messageOf(error)}`));
      } catch (error) {
        this.warn(`e-stop handler failed: ${messageOf(error)}`);
      }
    }
  }

  onEmergencyStop(handler: EmergencyStopHandler): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  isEmergencyStopHeld(): boolean {
    return this.opened.emergencyStop?.isHeld() ?? false;
  }

  pulseReset(): Promise<void> {
    if (!this.opened.mcuReset)
      return Promise.reject(new GpioUnavailableError('no MCU reset line is configured (gpio.mcuReset)'));
    if (this.closed) return Promise.reject(new GpioUnavailableError('GPIO is closed'));
    return this.opened.mcuReset.pulseReset();
  }

  setLed(pattern: LedPattern): void {
    this.opened.statusLed?.set(pattern);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    // Each line is released even if another one's unexport fails.
    for (const line of [this.opened.emergencyStop, this.opened.mcuReset, this.opened.statusLed]) {
      try {
        line?.close();
      } catch (error) {
        this.warn(`closing a GPIO line failed: ${messageOf(error)}`);
      }
    }
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
