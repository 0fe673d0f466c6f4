// One finger on the glass, as a phone's input system tracks it: where it went down, where it
// has been (with times), whether it moved beyond the touch slop, and whether it was held long
// enough to be a long press. Gesture decisions (src/sim/device/gestures.ts) read it.
import type { Target } from './view.js';

/** Android's values at 160 dpi, scaled to the device: 8 dp slop, 500 ms long press. */
export const touchSlopDp = 8;
export const longPressMs = 500;
/** A release faster than this (device pixels per second) flings a list on. */
export const flingMinVelocity = 1500;

export interface TouchSample {
  x: number;
  y: number;
  t: number;
}

export class Contact {
  readonly samples: TouchSample[] = [];
  moved = false;
  /** The long press fired (and was taken: a handler ran, or a drag picked an item up). */
  longPressed = false;
  longPressTaken = false;
  /** The list's first visible row when the finger went down (scrolling follows from there). */
  startFirst?: number;

  constructor(
    readonly down: TouchSample,
    readonly pressed: Target | undefined,
    private readonly slopPx: number,
  ) {
    this.samples.push(down);
  }

  get last(): TouchSample {
    return this.samples[this.samples.length - 1]!;
  }
  get dx(): number {
    return this.last.x - this.down.x;
  }
  get dy(): number {
    return this.last.y - this.down.y;
  }

  moveTo(sample: TouchSample): void {
    this.samples.push(sample);
    if (Math.hypot(this.dx, this.dy) > this.slopPx) this.moved = true;
  }

  /** Due once the finger has rested (within the slop) for longPressMs. */
  longPressDue(now: number): boolean {
    return !this.moved && !this.longPressed && now - this.down.t >= longPressMs;
  }

  /** Velocity over the last ~50 ms before `t`, in device pixels per second. */
  velocity(): { vx: number; vy: number } {
    const end = this.last;
    const from = [...this.samples].reverse().find((s) => end.t - s.t >= 50) ?? this.samples[0]!;
    const dt = Math.max(1, end.t - from.t) / 1000;
    return { vx: (end.x - from.x) / dt, vy: (end.y - from.y) / dt };
  }
}
