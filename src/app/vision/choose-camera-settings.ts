// `benchhand calibrate`'s camera-settings sweep and `benchhand doctor`'s drift check, on a real
// camera: the camera as it is scored first (the default the choice is measured against), then the
// bounded sweep (core/vision/camera-settings.ts), the chosen settings left applied. A camera that
// takes no settings (a replayed folder, a plain HTTP camera, a USB camera through ffmpeg) is
// reported with its reason, and nothing is swept.
import { systemClock } from '../../adapters/clock/system-clock.js';
import { screenScorer, settingsTrial } from '../../adapters/observer-camera/settings-trial.js';
import type { CameraPort, CameraSettings, CameraSettingsSupport } from '../../core/ports/camera.js';
import type { Clock } from '../../core/ports/clock.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import {
  chooseCameraSettings,
  EXPOSURES,
  LENS_POSITIONS,
  WHITE_BALANCES,
  describeCameraSettings,
  describeScore,
  type ChosenSettings,
  type SettingsScore,
  type SweepBudget,
} from '../../core/vision/camera-settings.js';

export type SettingsSweep =
  { ran: false; reason: string } | { ran: true; chosen: ChosenSettings; before: SettingsScore; focusable: boolean };

/** Where the sweep starts: the middle exposure, the first white balance, the lens mid-range (17 cm). */
export function sweepStart(focusable: boolean): CameraSettings {
  return {
    ...EXPOSURES[2]!,
    awbGains: WHITE_BALANCES[0]!,
    ...(focusable ? { lensPosition: LENS_POSITIONS[4]! } : {}),
  };
}

export async function cameraSettingsSupport(camera: CameraPort): Promise<CameraSettingsSupport> {
  if (!camera.settingsControl)
    return {
      ok: false,
      reason: `${camera.describe()} takes no settings (exposure, white balance and focus are the camera's own)`,
    };
  return camera.settingsControl();
}

export async function sweepCameraSettings(
  camera: CameraPort,
  calibration: ScreenCalibration,
  options: { clock?: Pick<Clock, 'now'>; budget?: SweepBudget } = {},
): Promise<SettingsSweep> {
  const support = await cameraSettingsSupport(camera);
  if (!support.ok) return { ran: false, reason: support.reason };
  const { control } = support;
  const scorer = screenScorer(camera, calibration);
  const before = await scorer.scoreNext();
  const chosen = await chooseCameraSettings(settingsTrial(control, scorer), sweepStart(control.focusable), {
    lens: control.focusable,
    clock: options.clock ?? systemClock,
    ...(options.budget ? { budget: options.budget } : {}),
  });
  // The camera is left as the calibration will say it is.
  await control.apply(chosen.settings);
  return { ran: true, chosen, before, focusable: control.focusable };
}

/** What the sweep did, chose and why, as `benchhand calibrate` prints it (indented lines after the first). */
export function describeSweep(sweep: SettingsSweep): string[] {
  if (!sweep.ran) return [`camera settings: not swept: ${sweep.reason}`];
  const { chosen, before } = sweep;
  const stages = `${EXPOSURES.length} exposures, ${WHITE_BALANCES.length} white balances${sweep.focusable ? `, ${LENS_POSITIONS.length} lens positions then half dioptres` : ' (fixed focus)'}, then gain steps`;
  const stopped = chosen.stoppedBy
    ? `; stopped early (the ${chosen.stoppedBy === 'pictures' ? 'picture' : 'time'} budget ran out): the best of those seen`
    : '';
  const times = before.score > 0 ? chosen.score.score / before.score : Infinity;
  // Below the camera's own: locked settings still keep frames of one screen alike, but say so.
  const verdict =
    times >= 1
      ? `the chosen settings score ${times.toFixed(2)} times the camera's own`
      : `the chosen settings score ${times.toFixed(2)} times the camera's own, below it: check the light (a lamp on the screen, the phone's brightness) and calibrate again`;
  return [
    `camera settings: ${chosen.trials + 1} pictures in ${(chosen.elapsedMs / 1000).toFixed(1)} s (${stages})${stopped}`,
    `   chosen: ${describeCameraSettings(chosen.settings)}: ${describeScore(chosen.score)}`,
    `   the camera as it was: ${describeScore(before)}; ${verdict}`,
  ];
}

/**
 * The score of fresh pictures at the saved settings: the best of `pictures` (one noisy frame
 * must not read as drift). Undefined when the camera takes no settings.
 */
export async function scoreAtSettings(
  camera: CameraPort,
  calibration: ScreenCalibration,
  settings: CameraSettings,
  pictures = 2,
): Promise<SettingsScore | undefined> {
  const support = await cameraSettingsSupport(camera);
  if (!support.ok) return undefined;
  await support.control.apply(settings);
  const scorer = screenScorer(camera, calibration);
  let best: SettingsScore | undefined;
  for (let i = 0; i < pictures; i++) {
    const score = await scorer.scoreNext();
    if (!best || score.score > best.score) best = score;
  }
  return best;
}
