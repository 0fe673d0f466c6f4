// The status LED: plays one of LED_PATTERNS on a timer chain that close() stops.
import type { LedPattern } from './bench-gpio.js';
import { levelValue, otherValue, type ActiveLevel, type BinaryValue, type GpioLine } from './gpio-line.js';
import { LED_PATTERNS } from './led-patterns.js';

export class StatusLed {
  private readonly litValue: BinaryValue;
  private pattern: LedPattern | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly line: GpioLine,
    activeLevel: ActiveLevel,
  ) {
    this.litValue = levelValue(activeLevel);
  }

  get current(): LedPattern | undefined {
    return this.pattern;
  }

  set(pattern: LedPattern): void {
    // The app may re-send its state often; restarting the pattern each time would make it stutter.
    if (this.closed || pattern === this.pattern) return;
    this.pattern = pattern;
    this.stopTimer();
    this.playStep(0);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stopTimer();
    this.line.writeSync(otherValue(this.litValue));
    this.line.unexport();
  }

  private playStep(index: number): void {
    const steps = LED_PATTERNS[this.pattern ?? 'off'];
    const step = steps[index]!;
    this.line.writeSync(step.lit ? this.litValue : otherValue(this.litValue));
    if (steps.length < 2) return;
    this.timer = setTimeout(() => this.playStep((index + 1) % steps.length), step.ms);
    // A blinking LED must never be the thing that keeps the process from exiting.
    this.timer.unref();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
