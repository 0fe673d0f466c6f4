// Are the camera's settings locked to measured values, and do they still give the picture they
// gave? Automatic exposure, white balance and focus drift with the room and the screen's content,
// so frames of one screen differ; the settings chosen by measurement (`benchhand calibrate`,
// core/vision/camera-settings.ts) live in the calibration's camera block with their score. A
// camera that takes settings photographs the screen at them again and the score is compared
// (core/vision/settings-drift.ts): a lamp moved or a changed focus shows as a lower score. A
// shutter that is not a whole number of mains flicker periods lets a lamp's 100/120 Hz flicker
// band the picture. A lamp's reflection on the glass (a frame two stops shorter shows it above the
// screen's white: app/vision/glare-check.ts) is named with where it is, so that the lamp is moved.
import { cameraKind } from '../../config/camera-section.js';
import type { CameraSettings } from '../../core/ports/camera.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { describeCameraSettings, describeScore, type SettingsScore } from '../../core/vision/camera-settings.js';
import type { GlareSpot } from '../../core/vision/glare-spot.js';
import { judgeDrift } from '../../core/vision/settings-drift.js';
import { describeGlareSpot } from '../vision/glare-check.js';
import { pass, warn, type CheckResult } from './check-result.js';

/** Mains lamps flicker at twice 50 or 60 Hz: 10 ms or 8.33 ms periods. */
const FLICKER_PERIODS_US = [10_000, 8_333];

/** A fresh picture's score at these settings; undefined: the camera takes no settings. */
export type MeasureAtSettings = (
  calibration: CalibrationBlock,
  settings: CameraSettings,
) => Promise<SettingsScore | undefined>;

/** A frame two stops under these settings (absent: the camera's own) looked at for a spot; undefined: the camera takes no settings. */
export type GlareAtSettings = (
  calibration: CalibrationBlock,
  settings?: CameraSettings,
) => Promise<{ spot?: GlareSpot; shutterUs: number } | undefined>;

const RECALIBRATE = 'run `benchhand calibrate` again (it chooses the settings anew and saves their score)';

export async function checkCameraSettings(
  cameraSource: string | undefined,
  calibration?: CalibrationBlock,
  measure?: MeasureAtSettings,
  glare?: GlareAtSettings,
): Promise<CheckResult> {
  const name = 'camera-settings';
  const rpicam = cameraSource !== undefined && cameraKind(cameraSource) === 'rpicam';
  const saved = calibration?.camera;
  if (rpicam && !saved)
    return warn(
      name,
      'the Pi camera runs on automatic exposure, white balance and focus: frames of one screen drift with the light',
      "run `benchhand calibrate --camera rpicam`: it chooses them by measurement and writes the calibration's camera block (shutterUs, gain, awbGains, lensPosition); or set them in the config's camera section",
    );
  const described = saved ? describeCameraSettings(saved) : '';
  if (rpicam && saved && !flickerFree(saved.shutterUs))
    return warn(
      name,
      `${described}: the shutter is not a whole number of mains flicker periods (10 ms at 50 Hz, 8.33 ms at 60 Hz), so lamps band the picture`,
      'choose a shutter of 10000, 20000 or 30000 us (50 Hz mains) or 8333, 16667 or 33333 us (60 Hz)',
    );
  if (cameraSource && calibration && glare) {
    const looked = await glare(calibration, saved && settingsOf(saved));
    if (looked?.spot)
      return warn(
        name,
        `${describeGlareSpot(looked.spot)} (a frame at ${looked.shutterUs} us): the text under it burns out at the bench's exposure`,
        'move or turn the lamp until its reflection leaves the screen as the camera sees it (or shade the rig), then run `benchhand doctor` again',
      );
  }
  if (cameraSource && calibration && saved?.score !== undefined && measure) {
    const fresh = await measure(calibration, settingsOf(saved));
    if (fresh) {
      const judged = judgeDrift({ ...saved, score: saved.score }, fresh);
      const compared = `a picture now: ${describeScore(fresh)}; at calibration${calibration.measuredAt ? ` (${calibration.measuredAt})` : ''}: score ${saved.score.toFixed(2)}`;
      if (judged.drifted)
        return warn(
          name,
          `${described}: the picture has drifted, the ${judged.cause} changed since calibration (${compared}, ${Math.round(judged.ratio * 100)} % of it)`,
          `${RECALIBRATE}; or put the ${judged.cause === 'focus' ? 'stand and the phone' : 'lamp'} back as it was`,
        );
      return pass(name, `${described}: ${compared} (${Math.round(judged.ratio * 100)} % of it)`);
    }
  }
  if (!rpicam) return pass(name, 'not a Pi camera: its own exposure, white balance and focus are used');
  return pass(name, `locked by the calibration: ${described}`);
}

function settingsOf(saved: NonNullable<CalibrationBlock['camera']>): CameraSettings {
  const { shutterUs, gain, awbGains, lensPosition } = saved;
  return { shutterUs, gain, awbGains, ...(lensPosition !== undefined ? { lensPosition } : {}) };
}

function flickerFree(shutterUs: number): boolean {
  return FLICKER_PERIODS_US.some((period) => {
    const periods = shutterUs / period;
    return periods >= 1 && Math.abs(periods - Math.round(periods)) < 0.02;
  });
}
