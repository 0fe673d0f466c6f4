// A lamp's reflection on the glass, looked for on a camera that takes settings: one frame two stops
// shorter than the bench's exposure (the screen's white well under the clip, a reflection still
// above it: core/vision/glare-spot.ts), the settings put back after it. `benchhand doctor` runs it
// so that a person moves the lamp before a run, where the gate's bracketing (glare-bracket.ts) can
// only mend a spot's text at a frame more per look.
import { decodeRaw, rectifyGray } from '../../adapters/observer-camera/fingerprint-frame.js';
import { gatePictureWidth } from '../../adapters/observer-camera/gated-capture.js';
import type { CameraPort, CameraSettings } from '../../core/ports/camera.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { findGlareSpot, type GlareSpot } from '../../core/vision/glare-spot.js';

/** Two stops: a quarter of the light. */
const SHORTER = 4;

/**
 * The spot, none, or undefined when the camera takes no settings or does not say which it runs at
 * (`settings`: the bench's exposure; absent: the camera's own now).
 */
export async function glareThroughCamera(
  camera: CameraPort,
  calibration: ScreenCalibration,
  settings?: CameraSettings,
): Promise<{ spot?: GlareSpot; shutterUs: number } | undefined> {
  const support = await camera.settingsControl?.();
  if (!support?.ok) return undefined;
  const { control } = support;
  const before = control.current?.();
  const bench = settings ?? before;
  if (!bench) return undefined;
  const shutterUs = Math.max(control.shutterLimitsUs?.minUs ?? 0, Math.round(bench.shutterUs / SHORTER));
  await control.apply({ ...bench, shutterUs });
  try {
    const spot = await glareSpotIn((await camera.capture()).image, calibration);
    return { ...(spot ? { spot } : {}), shutterUs };
  } finally {
    await control.apply(before ?? bench);
  }
}

/**
 * The spot in a camera picture taken two stops short, looked for on the screen warped upright at
 * the gate's scale. Not debanded: dividing a PWM display's bands out lifts every row to the
 * brightest band's light, and the default rig's faint lamp (1.25 times the white) with it over
 * the spot's limit (21 of 43 real-apps screens under the severe bands, against 4 as taken).
 */
export async function glareSpotIn(image: Uint8Array, calibration: ScreenCalibration): Promise<GlareSpot | undefined> {
  const raw = await decodeRaw(image);
  return findGlareSpot(rectifyGray(raw, calibration, gatePictureWidth(calibration)));
}

/** Where the spot is, in words a person at the bench follows. */
export function describeGlareSpot(spot: GlareSpot): string {
  return `a lamp's reflection on the glass, centred ${pct(spot.x)} across and ${pct(spot.y)} down the screen, ${pct(spot.width)} of its width wide, ${spot.overWhite.toFixed(1)} times as bright as its white`;
}

const pct = (share: number) => `${Math.round(share * 100)} %`;
