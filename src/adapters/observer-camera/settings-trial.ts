// One trial of camera settings for `benchhand calibrate`'s choice (core/vision/camera-settings.ts)
// and `benchhand doctor`'s drift check: the settings applied, a frame taken after them, the
// calibrated screen warped upright at half its size in the picture (as the quality gate sees it)
// and scored on its text contrast and sharpness.
import type { CameraPort, CameraSettingsControl } from '../../core/ports/camera.js';
import { screenSizeInCamera, type ScreenCalibration } from '../../core/vision/calibration.js';
import { scoreSettings, type SettingsScore, type SettingsTrial } from '../../core/vision/camera-settings.js';
import { decodeRaw, rectifyGray } from './fingerprint-frame.js';

export interface ScreenScorer {
  /** The next frame's score (newer than the last one scored), with the camera as it is. */
  scoreNext(): Promise<SettingsScore>;
}

export function screenScorer(camera: CameraPort, calibration: ScreenCalibration): ScreenScorer {
  const width = Math.max(90, Math.round(screenSizeInCamera(calibration.screenCorners).width * 0.5));
  let lastAt: number | undefined;
  return {
    scoreNext: async () => {
      // A frame exposed after the settings took effect: newer than the last one scored.
      const frame = await camera.capture(lastAt === undefined ? {} : { newerThan: lastAt });
      lastAt = frame.capturedAt;
      return scoreSettings(rectifyGray(await decodeRaw(frame.image), calibration, width));
    },
  };
}

/** Each trial: the settings applied, then the next frame scored. */
export function settingsTrial(control: CameraSettingsControl, scorer: ScreenScorer): SettingsTrial {
  return {
    score: async (settings) => {
      await control.apply(settings);
      return scorer.scoreNext();
    },
  };
}
