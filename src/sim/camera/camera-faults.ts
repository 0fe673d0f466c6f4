// Each way a real rig's picture goes wrong, at two strengths, as changes to the camera's options
// (camera-options.ts). The strengths come from real camera and display figures, derived below per
// fault. The rig they assume is the default camera's: a Pi Camera Module 2 (IMX219, f = 3.04 mm,
// f/2.0) in its 1640×1232 binned mode (2.24 µm pixels, focal length 1 357 px), the screen's short
// side filling ~1 060 px, so the lens is ~9 cm from the glass and 1 mm of screen is ~15.6 px.
import type { CameraOptionsInput } from './camera-options.js';

export const CAMERA_FAULTS = [
  'defocus',
  'motion-blur',
  'low-light',
  'over-exposure',
  'under-exposure',
  'glare',
  'colour-cast',
  'moire',
  'pwm-banding',
  'perspective',
  'lens-distortion',
  'jpeg',
] as const;

export type CameraFault = (typeof CAMERA_FAULTS)[number];
export type FaultStrength = 'mild' | 'severe';

/** How fast a tap's shake dies down: the streak halves every 100 ms (derived at 'motion-blur' below). */
const SHAKE_HALF_LIFE_MS = 100;

const strengths: Record<CameraFault, Record<FaultStrength, CameraOptionsInput>> = {
  // Blur disc c = A f |1/s - 1/s_focus| (A = f/N = 1.52 mm): focus off by 10 mm at 90 mm (another
  // phone's thickness, a case) gives c = 6.4 µm = 2.9 px; off by 25 mm (the stand raised) 19.7 µm
  // = 8.8 px. A uniform disc of radius R has sigma R/2: 0.7 and 2.2 px, added to the lens's 0.8.
  defocus: { mild: { blurSigma: Math.hypot(0.8, 0.7) }, severe: { blurSigma: Math.hypot(0.8, 2.2) } },
  // A tap shakes the phone: 0.2 mm of travel within a 33 ms exposure (6 mm/s, a desk's vibration
  // after a tap) is 3 px; 0.5 mm (the phone sliding on its stand) 8 px. The shake dies down: a
  // phone on a stand rings at its mount's resonance, ~10..20 Hz for a phone-sized mass on a
  // desk stand's arm, with a damping ratio of a few hundredths for a metal arm to ~0.1 with rubber
  // feet; the amplitude falls as exp(-zeta 2 pi f t), a half-life ln 2 / (zeta 2 pi f) of 40 to 370
  // ms over that range, ~100 ms at 15 Hz and zeta 0.07 (an assumption within it, not a measured
  // rig). The velocity, and so the streak, falls with the amplitude: it halves every 100 ms after
  // the first frame (a single frame, photograph.ts, is that first frame: the full streak).
  'motion-blur': {
    mild: { motionBlur: { length: 3, angleDeg: 20, halfLifeMs: SHAKE_HALF_LIFE_MS } },
    severe: { motionBlur: { length: 8, angleDeg: 20, halfLifeMs: SHAKE_HALF_LIFE_MS } },
  },
  // libcamera's IMX219 tuning lets auto-exposure raise analog gain to 8 in its normal mode (mild);
  // the sensor's analog maximum 10.7 times digital gain 1.5 is 16 (severe). The noise per level
  // follows from the sensor's electrons (low-light-noise.ts); it replaces the flat default noise.
  'low-light': { mild: { lowLightGain: 8, noiseSigma: 0 }, severe: { lowLightGain: 16, noiseSigma: 0 } },
  // The model's exposure multiplies the gamma-encoded picture (camera-options.ts), so a change of
  // light by 2^EV is a factor 2^(EV/2.2) there. Auto-exposure metering the dark bench around the
  // phone (a third of the frame) lifts the screen +0.5 EV (mild: 1.17); exposure fixed at
  // calibration on a screen that auto-brightness then doubles, +1 EV (severe: 1.37).
  'over-exposure': { mild: { exposure: 1.17 }, severe: { exposure: 1.37 } },
  // Exposure fixed at calibration on a bright screen; a phone's auto-brightness in a dim room then
  // drives it 2 to 4 times darker: -1 EV (0.73) and -2 EV (0.53).
  'under-exposure': { mild: { exposure: 0.73 }, severe: { exposure: 0.53 } },
  // Glass reflects 4 % ((n-1)/(n+1))², n = 1.5) of a lamp: a diffused desk lamp of ~5 000 cd/m² is
  // seen at ~200 cd/m², half a screen's indoor white (~400 cd/m²); a bare LED of ~20 000 cd/m² at
  // ~800 cd/m², twice the white: the spot clips. The spot's size is the lamp's mirror image seen from
  // the lens 90 mm above the glass: a source D wide at L from the glass spans D·s/(s+L) there. The
  // mild spot (sigma 0.09 of the picture's width = 148 px = 9.5 mm, 22 mm across at half height) is a
  // 10 cm shade 30 cm away; the severe one (12.6 mm, 30 mm across) a 13 cm source at 30 cm. A source
  // that large is a diffuser (5 000 to 10 000 cd/m²), so the severe spot pairs a bare lamp's
  // luminance with a shade's size: a bound from above, kept as such (a bare LED's own spot is a few
  // mm across but clips all of it). Checked against the reader: the text under the clipped core is
  // gone from the pixels (ink and ground both at 255), no processing of that frame brings it back;
  // the spot is light added before the sensor clips, so a frame at a shorter shutter holds it under
  // the clip (the capture path's bracketed frame: core/vision/glare-bracket.ts).
  glare: {
    mild: { glare: { x: 0.45, y: 0.45, radius: 0.09, strength: 110 } },
    severe: { glare: { x: 0.45, y: 0.45, radius: 0.12, strength: 230 } },
  },
  // White balance fixed for daylight (5 500 K): Planck's law gives the red (610 nm) to blue
  // (465 nm) ratio of a 4 500 K lamp as 1.34 times daylight's and of a 2 700 K bulb as 3.9 times;
  // a camera's broad channel responses cut that to about 1.3 and 2.5.
  'colour-cast': { mild: { colourGains: [1.14, 1, 0.88] }, severe: { colourGains: [1.4, 1, 0.56] } },
  // The display's grid (0.063 mm pitch) lands at 0.98 camera px, 1.96 sensor px: Bayer red and
  // blue sample at 2 sensor px, so the grid aliases to a beat ~50 px long. Its contrast: the sub-
  // pixel stripe's fundamental 0.55, the pixel aperture's sinc 0.62, the lens's MTF there (about
  // 0.1 to 0.3: an f/2.0 lens near Nyquist; the IMX219 module has no anti-aliasing filter): 3 to 10 %.
  moire: { mild: { moire: 0.03 }, severe: { moire: 0.1 } },
  // OLED phones dim by PWM at 240 Hz (Samsung, Apple, Google; 480 Hz at best, per their measured
  // reviews); the rolling shutter reads a row every ~27 µs (1 232 rows in a 33 ms frame). A 10 ms
  // exposure spans 2.4 periods of 50 % duty: bands of ±17 % (mild); a 3 ms exposure (a bright lamp,
  // a short shutter against motion blur) spans 0.72 periods of 40 % duty: from 0.4 to 1.4 (severe).
  'pwm-banding': {
    mild: { pwm: { frequencyHz: 240, duty: 0.5, exposureMs: 10 } },
    severe: { pwm: { frequencyHz: 240, duty: 0.4, exposureMs: 3 } },
  },
  // The camera beside the phone rather than over it: 15° and the bound of 30°.
  perspective: { mild: { offAxisDeg: 15 }, severe: { offAxisDeg: 30 } },
  // Barrel distortion at the picture's corner: about 2 % for a standard M12 lens like the module
  // 2's; about 10 % for a wide-angle lens (120° modules list 10 to 30 %): k1 -0.02 and -0.10.
  'lens-distortion': { mild: { lensDistortion: -0.02 }, severe: { lensDistortion: -0.1 } },
  // rpicam-still writes quality 93, the default camera 85; an MJPEG stream runs at 50 to 75
  // (OpenFlexure's Pi streamer 75, webcams about 50: mild 50); a stream capped to ~5 Mbit/s at
  // 15 fps leaves ~40 kB a frame: a sign-in screen's frame measured 176 kB at 85, 50 kB at 50 and
  // 43 kB at 25 (severe).
  jpeg: { mild: { jpegQuality: 50 }, severe: { jpegQuality: 25 } },
};

/** The camera options that put this fault at this strength over the given options. */
export function withCameraFault(
  fault: CameraFault,
  strength: FaultStrength,
  options: CameraOptionsInput = {},
): CameraOptionsInput {
  return { ...options, ...strengths[fault][strength] };
}

/** A fault name as given on a command line or in an environment variable, checked. */
export function parseCameraFault(name: string): CameraFault {
  const found = CAMERA_FAULTS.find((fault) => fault === name.trim());
  if (!found)
    throw new Error(`unknown camera fault "${name}": use one of ${CAMERA_FAULTS.join(', ')} (camera-faults.ts)`);
  return found;
}
