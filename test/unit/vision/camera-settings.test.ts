// Camera settings chosen by measurement on the virtual camera, which takes the settings a Pi camera
// takes: from a badly focused, underexposed start, the chooser finds the lens position this rig is
// sharp at and an exposure that lights the screen, by text contrast x sharpness alone; and a
// calibration written before the camera block existed still parses.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsTrial } from '../../../src/adapters/observer-camera/settings-trial.js';
import {
  chooseCameraSettings,
  EXPOSURES,
  LENS_POSITIONS,
  WHITE_BALANCES,
} from '../../../src/core/vision/camera-settings.js';
import { parseCalibration } from '../../../src/core/vision/calibration-schema.js';
import { CALIBRATION } from '../config/config-test-helpers.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';

describe('camera settings by measurement', () => {
  it('finds the focus and an exposure that lights the screen from a blurred, dark start', async () => {
    const device = new VirtualDevice(parseDeviceFile(readFileSync('src/sim/devices/shop-checkout.yaml', 'utf8')));
    const camera = new VirtualCamera({ source: () => device.render(), seed: 3 });
    const first = await camera.captureWithTruth();
    const calibration = {
      deviceSize: { width: device.width, height: device.height },
      screenCorners: first.screenCorners,
    };
    const trial = settingsTrial(camera, calibration);
    const start = { shutterUs: 4000, gain: 1, awbGains: [1.6, 1.6] as [number, number], lensPosition: 12 };
    const startScore = await trial.score(start);
    const chosen = await chooseCameraSettings(trial, start, true);
    expect(chosen.settings.lensPosition).toBe(6);
    expect(chosen.settings.shutterUs * chosen.settings.gain).toBeGreaterThanOrEqual(10_000);
    expect(chosen.score.score).toBeGreaterThan(startScore.score * 1.5);
    expect(chosen.trials).toBe(1 + EXPOSURES.length + WHITE_BALANCES.length + LENS_POSITIONS.length);
  }, 120_000);

  it('a calibration without camera settings stays valid; one with them is checked field by field', () => {
    const base = CALIBRATION;
    expect(parseCalibration(base).ok).toBe(true);
    expect(
      parseCalibration({ ...base, camera: { shutterUs: 20000, gain: 1, awbGains: [1.8, 1.5], lensPosition: 6 } }).ok,
    ).toBe(true);
    const bad = parseCalibration({ ...base, camera: { shutterUs: 20000, gain: 0.5, awbGains: [1.8, 1.5] } });
    expect(bad).toMatchObject({ ok: false, problems: [expect.stringContaining('calibration.camera.gain')] });
  });
});
