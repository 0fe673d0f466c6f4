// How far a tap may land from its aim: the configuration's guardrails.tapMarginPx when a person
// set it; otherwise three times the calibration's measured residual (the actuator's tap residual
// and the camera mapping's, combined: a tap is aimed through both), never under a floor for a
// slipping stylus. Three times the rms residual covers about 99 % of taps for a round error.
// Pure; `doctor` shows the same figure the run uses.

export const TAP_MARGIN_FLOOR_PX = 24;

export interface MeasuredAccuracy {
  actuator: { source: string; rmsResidualPx?: number };
  cameraResidualPx?: number;
}

export interface TapMarginSource {
  px: number;
  /** Where the figure comes from, in words. */
  why: string;
  /** False when no residual was ever measured (identity or file calibrations). */
  measured: boolean;
}

export function tapMarginSource(calibration: MeasuredAccuracy | undefined, configuredPx?: number): TapMarginSource {
  const rms = calibration?.actuator.rmsResidualPx;
  if (configuredPx !== undefined)
    return { px: configuredPx, why: 'guardrails.tapMarginPx in the configuration', measured: rms !== undefined };
  if (rms === undefined) {
    return {
      px: TAP_MARGIN_FLOOR_PX,
      why: `the ${TAP_MARGIN_FLOOR_PX} px floor: the rig's tap accuracy was never measured (calibration source "${calibration?.actuator.source ?? 'none'}")`,
      measured: false,
    };
  }
  const camera = calibration!.cameraResidualPx ?? 0;
  const combined = Math.hypot(rms, camera);
  const px = Math.max(TAP_MARGIN_FLOOR_PX, Math.ceil(3 * combined));
  return {
    px,
    why: `3 x the calibration's residual of ${combined.toFixed(1)} px rms (taps ${rms.toFixed(1)}, camera ${camera.toFixed(1)}), at least ${TAP_MARGIN_FLOOR_PX} px`,
    measured: true,
  };
}
