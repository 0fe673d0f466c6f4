// The MCU's reset line: idle at the inactive level, driven active for pulseMs, then released.
import { levelValue, otherValue, type ActiveLevel, type BinaryValue, type GpioLine } from './gpio-line.js';

export interface ResetOutputOptions {
  activeLevel: ActiveLevel;
  pulseMs: number;
}

/** The direction to open the line with: 'high'/'low' set output and level in one write, so
 * exporting the pin never glitches the MCU into reset (writing 'out' would start it low). */
export const resetIdleDirection = (activeLevel: ActiveLevel): 'high' | 'low' =>
  activeLevel === 'low' ? 'high' : 'low';

export class ResetOutput {
  private readonly activeValue: BinaryValue;
  private pulse: { timer: NodeJS.Timeout; done: Promise<void>; finish: () => void } | undefined;
  private closed = false;

  constructor(
    private readonly line: GpioLine,
    private readonly options: ResetOutputOptions,
  ) {
    this.activeValue = levelValue(options.activeLevel);
  }

  /** A second call during a pulse joins it rather than stretching or doubling the reset. */
  pulseReset(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the reset line is closed'));
    if (this.pulse) return this.pulse.done;
    this.line.writeSync(this.activeValue);
    let finish!: () => void;
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const timer = setTimeout(() => this.release(), this.options.pulseMs);
    this.pulse = { timer, done, finish };
    return done;
  }

  close(): void {
    if (this.closed) return;
    // Never leave the MCU held in reset because the agent is shutting down mid-pulse.
    if (this.pulse) this.release();
    this.closed = true;
    this.line.unexport();
  }

  private release(): void {
    const pulse = this.pulse;
    if (!pulse) return;
    clearTimeout(pulse.timer);
    this.pulse = undefined;
    this.line.writeSync(otherValue(this.activeValue));
    pulse.finish();
  }
}
