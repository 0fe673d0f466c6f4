// A retake at a corrected exposure: when the gate finds a frame overexposed (or underexposed) and
// the camera takes settings, the next frame is asked for at the shutter one stop shorter (or
// longer). One stop, because a clipped pixel carries no level to measure how far it is over: the
// step undoes the largest rise the camera faults model (the severe over-exposure fault: a screen
// that auto-brightness doubles after calibration, +1 EV, src/sim/camera/camera-faults.ts) in one
// retake, and a frame still clipped after it steps again. Bounded: at most 4 times either way of
// the settings the gate first saw (two stops), and within the camera's shutter limits. Pure.
import type { CameraSettings } from '../ports/camera.js';
import type { GateProblem } from './frame-gate.js';

/** One stop: the light halves or doubles. */
export const EXPOSURE_STEP = 2;
/** The furthest a retake moves the shutter from the settings the gate first saw, either way. */
export const MAX_EXPOSURE_CHANGE = 4;

/** A retake's exposure change, named in the look's record. */
export interface ExposureChange {
  because: 'overexposed' | 'underexposed';
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
