// benchhand doctor's camera-settings check: a Pi camera on automatic settings is a warning, a
// shutter that lets mains lamps band the picture is one too, measured and locked settings pass.
import { describe, expect, it } from 'vitest';
import { checkCameraSettings } from '../../../src/app/doctor/camera-settings-check.js';
import type { CalibrationBlock } from '../../../src/core/vision/calibration-schema.js';
import { CALIBRATION } from '../config/config-test-helpers.js';

const calibration = (camera?: CalibrationBlock['camera']): CalibrationBlock => ({
  ...(CALIBRATION as CalibrationBlock),
  ...(camera ? { camera } : {}),
});

describe('doctor: camera settings', () => {
  it('passes a camera that is not a Pi camera', () => {
    expect(checkCameraSettings('http://127.0.0.1:8080/camera', calibration()).status).toBe('pass');
  });

  it('warns about a Pi camera on automatic settings, naming where the settings go', () => {
    const result = checkCameraSettings('rpicam', calibration());
    expect(result.status).toBe('warn');
    expect(result.fix).toMatch(/camera block/);
  });

  it('warns about a shutter between flicker periods and passes a locked, flicker-free one', () => {
    const settings = { shutterUs: 15_000, gain: 1, awbGains: [1.8, 1.5] as [number, number], lensPosition: 6 };
    expect(checkCameraSettings('rpicam', calibration(settings))).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/flicker/),
    });
    expect(checkCameraSettings('rpicam', calibration({ ...settings, shutterUs: 20_000 }))).toMatchObject({
      status: 'pass',
      detail: 'locked by the calibration: shutter 20000 us, gain 1, white balance 1.8,1.5, lens 6 dioptres',
    });
  });
});
