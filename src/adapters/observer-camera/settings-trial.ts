// One trial of camera settings for `benchhand calibrate`'s choice (core/vision/camera-settings.ts):
// the settings applied, a frame taken after them, the calibrated screen warped upright at half its
// size in the picture (as the quality gate sees it) and scored on its text contrast and sharpness.
import type { CameraPort } from '../../core/ports/camera.js';
import { screenSizeInCamera, type ScreenCalibration } from '../../core/vision/calibration.js';
import { scoreSettings, type CameraSettings, type SettingsTrial } from '../../core/vision/camera-settings.js';
import { decodeRaw, rectifyGray } from './fingerprint-frame.js';

/** A camera that takes settings (the virtual camera's hook; a Pi camera restarted with them). */
export interface SettingsCamera extends CameraPort {
  applySettings(settings: CameraSettings): void | Promise<void>;
}

export function settingsTrial(camera: SettingsCamera, calibration: ScreenCalibration): SettingsTrial {
  const width = Math.max(90, Math.round(screenSizeInCamera(calibration.screenCorners).width * 0.5));
  let lastAt: number | undefined;
  return {
    score: async (settings) => {
      await camera.applySettings(settings);
      // A frame exposed after the settings took effect: newer than the last one scored.
      const frame = await camera.capture(lastAt === undefined ? {} : { newerThan: lastAt });
      lastAt = frame.capturedAt;
      return scoreSettings(rectifyGray(await decodeRaw(frame.image), calibration, width));
    },
  };
}
