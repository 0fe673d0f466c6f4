// Faults in the mechanics between the MCU and the glass: a tap that lands off target, or one
// that lands twice (a bouncing stylus). The MCU believes it tapped once, where it was told.
import type { ActuationEvent } from '../device/device.js';

export class TapFaults {
  private missLeft = 0;
  private miss = { dx: 0, dy: 0 };
  private doubleLeft = 0;

  /** The next n taps land (dx, dy) device pixels away from where the MCU put them. */
  missNext(n: number, dx: number, dy: number): void {
    this.missLeft = n;
    this.miss = { dx, dy };
  }

  /** The next n taps land twice. */
  doubleNext(n: number): void {
    this.doubleLeft = n;
  }

  get active(): { miss: number; double: number } {
    return { miss: this.missLeft, double: this.doubleLeft };
  }

  /** What the glass feels for one MCU event: possibly shifted, possibly repeated. */
  apply(event: ActuationEvent): ActuationEvent[] {
    if (event.ev !== 'tap_down' && event.ev !== 'tap_move' && event.ev !== 'tap_up') return [event];
    let moved = event;
    if (this.missLeft > 0) {
      moved = { ...event, x: event.x + this.miss.dx, y: event.y + this.miss.dy };
      if (event.ev === 'tap_up') this.missLeft--;
    }
    if (this.doubleLeft > 0 && event.ev === 'tap_up') {
      this.doubleLeft--;
      return [moved, { ...moved, ev: 'tap_down' }, moved];
    }
    return [moved];
  }
}
