// Are the Pi camera's settings locked to measured values? Automatic exposure, white balance and
// focus drift with the room and the screen's content, so frames of one screen differ; the settings
// chosen by measurement (core/vision/camera-settings.ts) live in the calibration's camera block.
// A shutter that is not a whole number of mains flicker periods lets a lamp's 100/120 Hz flicker
// band the picture.
import { cameraKind } from '../../config/camera-section.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { pass, warn, type CheckResult } from './check-result.js';

/** Mains lamps flicker at twice 50 or 60 Hz: 10 ms or 8.33 ms periods. */
const FLICKER_PERIODS_US = [10_000, 8_333];

export function checkCameraSettings(cameraSource: string | undefined, calibration?: CalibrationBlock): CheckResult {
  const name = 'camera-settings';
  if (!cameraSource || cameraKind(cameraSource) !== 'rpicam')
    return pass(name, 'not a Pi camera: its own exposure, white balance and focus are used');
  const settings = calibration?.camera;
  if (!settings)
    return warn(
      name,
      'the Pi camera runs on automatic exposure, white balance and focus: frames of one screen drift with the light',
      "write the measured settings into the calibration's camera block (shutterUs, gain, awbGains, lensPosition) or set them in the config's camera section",
    );
  const described = `shutter ${settings.shutterUs} us, gain ${settings.gain}, white balance ${settings.awbGains.join(',')}${settings.lensPosition !== undefined ? `, lens ${settings.lensPosition} dioptres` : ''}`;
  const flickerFree = FLICKER_PERIODS_US.some((period) => {
    const periods = settings.shutterUs / period;
    return periods >= 1 && Math.abs(periods - Math.round(periods)) < 0.02;
  });
  if (!flickerFree)
    return warn(
      name,
      `${described}: the shutter is not a whole number of mains flicker periods (10 ms at 50 Hz, 8.33 ms at 60 Hz), so lamps band the picture`,
      'choose a shutter of 10000, 20000 or 30000 us (50 Hz mains) or 8333, 16667 or 33333 us (60 Hz)',
    );
  return pass(name, `locked by the calibration: ${described}`);
}
