// A retake at a corrected exposure: the shutter one stop shorter for an overexposed frame (longer
// for an underexposed one), bounded by 4x of the settings the gate first saw and by the camera's
// limits (exposure-retake.ts); the capture path asks for it through the camera's settings and the
// look's record names it (gated-capture.ts), on the virtual camera with the severe over-exposure
// fault (a screen that auto-brightness doubled) on a manual clock. A camera without settings keeps
// the gate's behaviour as it was: retakes at the same exposure, the least bad read.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../../src/adapters/observer-camera/gated-capture.js';
import type { CameraSettings } from '../../../src/core/ports/camera.js';
import { exposureRetake } from '../../../src/core/vision/exposure-retake.js';
import type { GateProblem } from '../../../src/core/vision/frame-gate.js';
import { withCameraFault } from '../../../src/sim/camera/camera-faults.js';
import { faultyCamera } from '../../support/faulty-camera.js';

const settings: CameraSettings = { shutterUs: 20_000, gain: 1, awbGains: [2, 1.5], lensPosition: 11.1 };
const over: GateProblem = { kind: 'overexposed', value: 0.9, limit: 0.62 };
const under: GateProblem = { kind: 'underexposed', value: 0.7, limit: 0.6 };
const blurred: GateProblem = { kind: 'blurred', value: 40, limit: 80 };

describe('exposure retake', () => {
  it('asks for one stop less light when overexposed, one more when underexposed, the rest unchanged', () => {
    expect(exposureRetake([over], settings, settings)).toEqual({
      settings: { ...settings, shutterUs: 10_000 },
      change: { because: 'overexposed', fromUs: 20_000, toUs: 10_000 },
    });
    expect(exposureRetake([under, blurred], settings, settings)?.settings.shutterUs).toBe(40_000);
  });

  it('changes nothing for other problems, or for a frame clipped both ways', () => {
    expect(exposureRetake([blurred], settings, settings)).toBeUndefined();
    expect(exposureRetake([over, under], settings, settings)).toBeUndefined();
  });

  it('stays within 4x of the settings first seen and within the camera limits', () => {
    const twoStops = { ...settings, shutterUs: 5_000 };
    expect(exposureRetake([over], twoStops, settings)).toBeUndefined();
    expect(exposureRetake([over], { ...settings, shutterUs: 7_000 }, settings)?.settings.shutterUs).toBe(5_000);
    expect(exposureRetake([under], settings, settings, { minUs: 100, maxUs: 33_000 })?.settings.shutterUs).toBe(33_000);
    expect(exposureRetake([over], settings, settings, { minUs: 15_000, maxUs: 100_000 })?.change.toUs).toBe(15_000);
  });
});

describe('the capture path retakes an overexposed frame at a corrected exposure', () => {
  const overexposedCamera = (clock: ManualClock, settings: boolean) =>
    faultyCamera('settings-wifi', withCameraFault('over-exposure', 'severe'), clock, { seed: 5, settings });

  it('halves the shutter, reads the retake and names the change', async () => {
    const clock = new ManualClock();
    const { camera, port, calibration } = overexposedCamera(clock, true);
    const { record } = await new GatedCapture(port, calibration, clock).capture({});
    expect(record).toMatchObject({
      chosen: 'retaken',
      problems: [],
      exposure: [{ because: 'overexposed', fromUs: 20_000, toUs: 10_000 }],
    });
    // The retake's white page still burns out patches of blank ground whole: a frame three stops
    // shorter finds no ink there and the retake is read as it came (glare-bracket.ts).
    expect(record.tries).toBe(record.bracket ? 3 : 2);
    expect(record.bracket?.filled ?? false).toBe(false);
    // The camera keeps the corrected shutter for the looks after.
    expect(camera.appliedSettings?.shutterUs).toBe(10_000);
  }, 60_000);

  it('without camera settings, retakes at the same exposure and reads the least bad', async () => {
    const clock = new ManualClock();
    const { port, calibration } = overexposedCamera(clock, false);
    const { record } = await new GatedCapture(port, calibration, clock).capture({});
    expect(record.chosen).toBe('best_of_failed');
    expect(record.tries).toBe(4);
    expect(record.problems.map((p) => p.kind)).toEqual(['overexposed']);
    expect(record.exposure).toBeUndefined();
  }, 60_000);
});
