// A lamp's reflection found before a run: `benchhand doctor` takes one frame two stops shorter on a
// camera that takes settings (app/vision/glare-check.ts) and looks for a patch brighter than the
// screen's white (core/vision/glare-spot.ts); the virtual camera photographs the Wi-Fi screen with
// the glare fault at its two strengths, and without it, on a manual clock. The camera's settings
// are put back after the look, and the camera-settings check warns with where the spot is.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { checkCameraSettings } from '../../../src/app/doctor/camera-settings-check.js';
import { glareThroughCamera } from '../../../src/app/vision/glare-check.js';
import type { CalibrationBlock } from '../../../src/core/vision/calibration-schema.js';
import { withCameraFault, type FaultStrength } from '../../../src/sim/camera/camera-faults.js';
import { faultyCamera } from '../../support/faulty-camera.js';
import { CALIBRATION } from '../config/config-test-helpers.js';

async function look(strength?: FaultStrength, settings = true) {
  const { port, calibration, camera } = faultyCamera(
    'settings-wifi',
    strength ? withCameraFault('glare', strength) : {},
    new ManualClock(0),
    { settings },
  );
  const support = await camera.settingsControl();
  const shutterNow = () => (support.ok ? support.control.current?.()?.shutterUs : undefined);
  const shutterBefore = shutterNow();
  const found = await glareThroughCamera(port, calibration);
  const after = shutterNow();
  return { found, shutterBefore, after };
}

describe('doctor: a lamp reflection on the glass', () => {
  it.each(['mild', 'severe'] as const)(
    'finds the %s glare spot where the fault puts it, and puts the shutter back',
    async (strength) => {
      const { found, shutterBefore, after } = await look(strength);
      expect(found?.spot).toBeDefined();
      expect(found!.spot!.x).toBeGreaterThan(0.25);
      expect(found!.spot!.x).toBeLessThan(0.65);
      expect(found!.spot!.overWhite).toBeGreaterThan(1.35);
      expect(found!.shutterUs).toBe(shutterBefore! / 4);
      expect(after).toBe(shutterBefore);
    },
  );

  it('finds none on the clean camera', async () => {
    const { found } = await look();
    expect(found).toBeDefined();
    expect(found!.spot).toBeUndefined();
  });

  it('says nothing on a camera that takes no settings', async () => {
    expect((await look('severe', false)).found).toBeUndefined();
  });

  it('warns with where the spot is and what to move', async () => {
    const result = await checkCameraSettings(
      'http://127.0.0.1:8080/camera',
      CALIBRATION as CalibrationBlock,
      undefined,
      async () => ({ spot: { x: 0.45, y: 0.5, width: 0.7, height: 0.3, overWhite: 1.8 }, shutterUs: 5000 }),
    );
    expect(result).toMatchObject({
      name: 'camera-settings',
      status: 'warn',
      detail: expect.stringMatching(/lamp's reflection on the glass, centred 45 % across and 50 % down .* at 5000 us/),
      fix: expect.stringMatching(/move or turn the lamp/),
    });
  });
});
