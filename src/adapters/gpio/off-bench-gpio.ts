// The BenchGpio of a bench without (usable) GPIO: it carries the reason and does nothing else, so
// the app can report it once and otherwise treat the feature as absent.
import type { BenchGpio, GpioLines, GpioStatus } from './bench-gpio.js';
import { GpioUnavailableError } from './bench-gpio.js';

export class OffBenchGpio implements BenchGpio {
  readonly status: GpioStatus;
  readonly lines: GpioLines = { emergencyStop: false, mcuReset: false, statusLed: false };

  constructor(readonly reason: string) {
    this.status = { off: reason };
  }

  onEmergencyStop(): () => void {
    return () => {};
  }

  isEmergencyStopHeld(): boolean {
    return false;
  }

  pulseReset(): Promise<void> {
    return Promise.reject(new GpioUnavailableError(`GPIO is off: ${this.reason}`));
  }

  setLed(): void {}

  close(): void {}
}
