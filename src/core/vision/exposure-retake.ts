// A retake at a corrected exposure: when the gate finds a frame overexposed (or underexposed) and
// the camera takes settings, the next frame is asked for at the shutter one stop shorter (or
// longer). One stop, because a clipped pixel carries no level to measure how far it is over: the
// step undoes the largest rise the camera faults model (the severe over-exposure fault: a screen
// that auto-brightness doubles after calibration, +1 EV, src/sim/camera/camera-faults.ts) in one
// retake, and a frame still clipped after it steps again. Bounded: at most 4 times either way of
// the settings the gate first saw (two stops), and within the camera's shutter limits. A change
// whose retake misses the gate by as much as the frame before it is undone, and the look changes
// the exposure no more: what clipped was not the exposure (a lamp's glare spot clips at any
// shutter, the light elsewhere only fell), and the camera keeps a change for the looks after. Pure.
import type { CameraSettings } from '../ports/camera.js';
import type { GateProblem } from './frame-gate.js';

/** One stop: the light halves or doubles. */
export const EXPOSURE_STEP = 2;
/** The furthest a retake moves the shutter from the settings the gate first saw, either way. */
export const MAX_EXPOSURE_CHANGE = 4;

/** A retake's exposure change, named in the look's record; 'undone': the change before it, put back. */
export interface ExposureChange {
  because: 'overexposed' | 'underexposed' | 'undone';
  fromUs: number;
  toUs: number;
}

export interface ShutterLimits {
  minUs: number;
  maxUs: number;
}

/**
 * The settings the next frame should be taken at, and why; undefined when the frame's exposure is
 * not what failed, when it failed both ways (a contrast no shutter fits), or when the bounds leave
 * the shutter where it is.
 */
export function exposureRetake(
  problems: readonly GateProblem[],
  current: CameraSettings,
  baseline: CameraSettings,
  limits?: ShutterLimits,
): { settings: CameraSettings; change: ExposureChange } | undefined {
  const over = problems.some((p) => p.kind === 'overexposed');
  const under = problems.some((p) => p.kind === 'underexposed');
  if (over === under) return undefined;
  const wanted = over ? current.shutterUs / EXPOSURE_STEP : current.shutterUs * EXPOSURE_STEP;
  const lowest = Math.max(baseline.shutterUs / MAX_EXPOSURE_CHANGE, limits?.minUs ?? 0);
  const highest = Math.min(baseline.shutterUs * MAX_EXPOSURE_CHANGE, limits?.maxUs ?? Infinity);
  const shutterUs = Math.round(Math.min(highest, Math.max(lowest, wanted)));
  if (over ? shutterUs >= current.shutterUs : shutterUs <= current.shutterUs) return undefined;
  return {
    settings: { ...current, shutterUs },
    change: { because: over ? 'overexposed' : 'underexposed', fromUs: current.shutterUs, toUs: shutterUs },
  };
}

/** What changes the camera: a change asked for (its settings applied), a change put back. */
export interface ExposureControl {
  correct(problems: readonly GateProblem[]): Promise<ExposureChange | undefined>;
  undo(change: ExposureChange): Promise<ExposureChange | undefined>;
}

/** The exposure side of one look: the changes made, each judged by the frame after it. */
export class LookExposure {
  readonly changes: ExposureChange[] = [];
  private pending?: { change: ExposureChange; shortfall: number };
  private settled = false;

  constructor(private readonly control?: ExposureControl) {}

  /** After a frame that failed the gate by `shortfall` (gateShortfall); `retakeLeft`: another frame will be taken. */
  async afterFailedFrame(problems: readonly GateProblem[], shortfall: number, retakeLeft: boolean): Promise<void> {
    if (!this.control) return;
    const pending = this.pending;
    this.pending = undefined;
    if (pending && shortfall >= pending.shortfall) {
      this.settled = true;
      const undone = await this.control.undo(pending.change);
      if (undone) this.changes.push(undone);
      return;
    }
    const exposureFailed = problems.some((p) => p.kind === 'overexposed' || p.kind === 'underexposed');
    if (this.settled || !retakeLeft || !exposureFailed) return;
    const change = await this.control.correct(problems);
    if (!change) return;
    this.changes.push(change);
    this.pending = { change, shortfall };
  }
}
