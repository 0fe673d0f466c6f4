// The e-stop button: an input watched on both edges (interrupts through onoff's epoll), debounced
// here rather than with onoff's debounceTimeout, which only acts once the bouncing has stopped and
// so adds its whole window to the stop's latency.
//
// A press is acted on at the first edge that reads active: for a stop button a false stop is the
// cheap mistake and a late stop the expensive one. After that, further edges only restart a settle
// timer; the button counts as released again only when the line has been quiet for debounceMs and
// then reads inactive. So a bounce storm on press or release yields exactly one press.
import { levelValue, type ActiveLevel, type BinaryValue, type GpioLine } from './gpio-line.js';

export interface EmergencyStopInputOptions {
  activeLevel: ActiveLevel;
  debounceMs: number;
  /** Called synchronously from the interrupt callback; must not throw (the caller wraps it). */
  onPress: (at: Date) => void;
  onError: (message: string) => void;
}

export class EmergencyStopInput {
  private readonly activeValue: BinaryValue;
  private held: boolean;
  private settleTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly line: GpioLine,
    private readonly options: EmergencyStopInputOptions,
  ) {
    this.activeValue = levelValue(options.activeLevel);
    // A button already held at start-up is not a new press: the app asks isHeld() before running.
    this.held = line.readSync() === this.activeValue;
    line.watch((error, value) => this.onEdge(error, value));
  }

  isHeld(): boolean {
    return this.held;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = undefined;
    this.line.unwatchAll();
    this.line.unexport();
  }

  private onEdge(error: Error | null | undefined, value: BinaryValue): void {
    if (this.closed) return;
    if (error) {
      this.options.onError(`e-stop input interrupt error: ${error.message}`);
      return;
    }
    if (value === this.activeValue && !this.held) this.press();
    this.restartSettleTimer();
  }

  private restartSettleTimer(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.settle(), this.options.debounceMs);
  }

  /** The line has been quiet for debounceMs: its level now is the button's state. */
  private settle(): void {
    this.settleTimer = undefined;
    if (this.closed) return;
    let value: BinaryValue;
    try {
      value = this.line.readSync();
    } catch (error) {
      this.options.onError(`e-stop input read failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // Every interrupt of a storm can read the bounced-back level; the settled read still catches it.
    if (value === this.activeValue && !this.held) this.press();
    else if (value !== this.activeValue) this.held = false;
  }

  private press(): void {
    this.held = true;
    this.options.onPress(new Date());
  }
}
