// A BenchGpio for tests of the app: a test presses the button and reads back what the app did to
// the reset line and the LED, with no sysfs anywhere.
import type { BenchGpio, EmergencyStopHandler, GpioLines, GpioStatus, LedPattern } from './bench-gpio.js';
import { GpioUnavailableError } from './bench-gpio.js';

export class FakeBenchGpio implements BenchGpio {
  readonly status: GpioStatus = 'on';
  readonly lines: GpioLines;
  /** Every pattern the app set, in order (repeats included, unlike the real LED). */
  readonly ledHistory: LedPattern[] = [];
  resetPulses = 0;
  closed = false;
  private held = false;
  private pulse: Promise<void> | undefined;
  private readonly handlers = new Set<EmergencyStopHandler>();

  constructor(lines: Partial<GpioLines> = {}) {
    this.lines = { emergencyStop: true, mcuReset: true, statusLed: true, ...lines };
  }

  get led(): LedPattern | undefined {
    return this.ledHistory.at(-1);
  }

  /** Presses (and holds) the button; resolves once every handler has finished. */
  async pressEmergencyStop(): Promise<void> {
    if (this.held) return;
    this.held = true;
    const event = { at: new Date() };
    await Promise.all([...this.handlers].map(async (handler) => handler(event)));
  }

  releaseEmergencyStop(): void {
    this.held = false;
  }

  onEmergencyStop(handler: EmergencyStopHandler): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  isEmergencyStopHeld(): boolean {
    return this.held;
  }

  /** Like the real line: a request made during a pulse joins it; after close it is refused. */
  pulseReset(): Promise<void> {
    if (!this.lines.mcuReset)
      return Promise.reject(new GpioUnavailableError('no MCU reset line is configured (gpio.mcuReset)'));
    if (this.closed) return Promise.reject(new GpioUnavailableError('GPIO is closed'));
    this.pulse ??= Promise.resolve().then(() => {
      this.resetPulses += 1;
      this.pulse = undefined;
    });
    return this.pulse;
  }

  /** Like the real LED: ignored without an LED line and after close. */
  setLed(pattern: LedPattern): void {
    if (!this.lines.statusLed || this.closed) return;
    this.ledHistory.push(pattern);
  }

  close(): void {
    this.closed = true;
    this.handlers.clear();
  }
}
