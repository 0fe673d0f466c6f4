// What a camera's settings (shutter, gain, white balance, lens position) and the rig's light do to
// the virtual camera's picture, so that `benchhand calibrate` can choose them on the virtual bench
// as on a real rig. Each effect reuses the camera model's own fault (camera-options.ts): exposure
// scales the light before the sensor clips it (optics.ts), gain brings the low-light sensor noise
// (low-light-noise.ts), white balance off neutral is a colour cast (picture-faults.ts), and a lens
// away from the screen's distance is defocus blur (photograph.ts).
import type { CameraSettings } from '../../core/ports/camera.js';
import type { CameraOptions } from './camera-options.js';

/**
 * The camera's own exposure is right at 20 ms and gain 1 (the default rig under its lamp): other
 * settings scale the light collected by shutter x gain. The model's exposure multiplies the
 * gamma-encoded picture (camera-faults.ts), so light x2 is a factor 2^(1/2.2) there.
 */
const REFERENCE_EXPOSURE_US = 20_000;
const GAMMA = 2.2;

/**
 * The settings that give the camera's picture as it came (no settings applied): the reference
 * exposure, neutral white balance, the lens where it sits. A fault's own exposure (camera-faults.ts:
 * the screen brighter or darker than at calibration) is the light arriving, so a shutter scales
 * it as it scales any light: both multiply the gamma-encoded picture by light^(1/2.2), before the
 * sensor clips (optics.ts), and a shutter halved undoes the severe over-exposure's +1 EV
 * (1.37 x 0.73 = 1.0).
 */
export function settingsAsItCame(base: CameraOptions): CameraSettings {
  return {
    shutterUs: REFERENCE_EXPOSURE_US,
    gain: 1,
    awbGains: [...base.neutralAwbGains],
    lensPosition: base.lensDioptres,
  };
}

/**
 * Defocus per dioptre the lens is off: the blur disc c = A f |1/s - 1/s_focus| (camera-faults.ts's
 * figures: aperture A = 1.52 mm, f = 3.04 mm) is 4.6 µm = 2.06 binned pixels of 2.24 µm per
 * dioptre; a uniform disc of radius R has sigma R/2: 0.52 px per dioptre.
 */
export const DEFOCUS_SIGMA_PER_DIOPTRE = (1.52e-3 * 3.04e-3) / 2.24e-6 / 4;

/** The rig's light as a fault changes it (bench fault camera-light). */
export interface RigLight {
  /** Light reaching the camera from the screen, relative to the calibrated rig's (the phone's brightness following a lamp). */
  light: number;
  /** A lamp's reflection on the glass over the screen's centre, in levels (0: none). */
  glare: number;
  /** The screen's distance changed (the stand moved): the dioptres the focus moved by. */
  focusShift: number;
}

export const STEADY_LIGHT: RigLight = { light: 1, glare: 0, focusShift: 0 };

export interface SettingsEffect {
  /** The options with the gain's noise, the white balance's cast and the lamp's glare. */
  options: CameraOptions;
  exposureFactor: number;
  extraBlurSigma: number;
}

/** `settings` absent: the camera as it came (its own exposure and white balance, its lens where it sits). */
export function settingsEffect(
  base: CameraOptions,
  settings: CameraSettings | undefined,
  rig: RigLight = STEADY_LIGHT,
): SettingsEffect {
  const lens = settings?.lensPosition ?? base.lensDioptres;
  const extraBlurSigma = Math.abs(lens - (base.focusDioptres + rig.focusShift)) * DEFOCUS_SIGMA_PER_DIOPTRE;
  const light = settings ? (settings.shutterUs * settings.gain) / REFERENCE_EXPOSURE_US : 1;
  const exposureFactor = Math.pow(light * rig.light, 1 / GAMMA);
  if (!settings && rig.glare === 0) return { options: base, exposureFactor, extraBlurSigma };
  const [neutralRed, neutralBlue] = base.neutralAwbGains;
  const [red, green, blue] = base.colourGains;
  const options: CameraOptions = {
    ...base,
    ...(settings
      ? {
          colourGains: [
            round(red * (settings.awbGains[0] / neutralRed)),
            green,
            round(blue * (settings.awbGains[1] / neutralBlue)),
          ],
          // Analog gain above 1 amplifies the shot and read noise of fewer electrons.
          lowLightGain: settings.gain > 1 ? Math.max(base.lowLightGain, settings.gain) : base.lowLightGain,
        }
      : {}),
    ...(rig.glare > 0 ? { glare: { x: 0.5, y: 0.5, radius: 0.12, strength: rig.glare } } : {}),
  };
  return { options, exposureFactor, extraBlurSigma };
}

const round = (n: number) => Math.round(n * 1000) / 1000;
