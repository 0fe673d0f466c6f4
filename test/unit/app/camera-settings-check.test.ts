// benchhand doctor's camera-settings check: a Pi camera on automatic settings is a warning, a
// shutter that lets mains lamps band the picture is one too, measured and locked settings pass; a
// fresh picture at the saved settings that scores well below the saved score is drift, named as
// the light (contrast or clipping moved) or the focus (sharpness alone fell).
import { describe, expect, it } from 'vitest';
import { checkCameraSettings, type MeasureAtSettings } from '../../../src/app/doctor/camera-settings-check.js';
import type { CalibrationBlock } from '../../../src/core/vision/calibration-schema.js';
import type { SettingsScore } from '../../../src/core/vision/camera-settings.js';
import { CALIBRATION } from '../config/config-test-helpers.js';

const calibration = (camera?: CalibrationBlock['camera']): CalibrationBlock => ({
  ...(CALIBRATION as CalibrationBlock),
  ...(camera ? { camera } : {}),
});

const SAVED = { shutterUs: 20_000, gain: 1, awbGains: [2, 1.5] as [number, number], lensPosition: 11 };
const SAVED_SCORE = { contrast: 0.62, sharpness: 148, clipped: 0.44, score: 92 };
const fresh =
  (score: SettingsScore): MeasureAtSettings =>
  async () =>
    score;

describe('doctor: camera settings', () => {
  it('passes a camera that is not a Pi camera', async () => {
    expect((await checkCameraSettings('http://127.0.0.1:8080/camera', calibration())).status).toBe('pass');
  });

  it('warns about a Pi camera on automatic settings, naming the command that chooses them', async () => {
    const result = await checkCameraSettings('rpicam', calibration());
    expect(result.status).toBe('warn');
    expect(result.fix).toMatch(/benchhand calibrate --camera rpicam.*camera block/);
  });

  it('warns about a shutter between flicker periods and passes a locked, flicker-free one', async () => {
    const settings = { shutterUs: 15_000, gain: 1, awbGains: [1.8, 1.5] as [number, number], lensPosition: 6 };
    expect(await checkCameraSettings('rpicam', calibration(settings))).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/flicker/),
    });
    expect(await checkCameraSettings('rpicam', calibration({ ...settings, shutterUs: 20_000 }))).toMatchObject({
      status: 'pass',
      detail: 'locked by the calibration: shutter 20000 us, gain 1, white balance 1.8,1.5, lens 6 dioptres',
    });
  });

  it('compares a fresh picture with the saved score: steady passes, a dimmer lamp or a moved focus warns', async () => {
    const saved = calibration({ ...SAVED, ...SAVED_SCORE });
    const steady = await checkCameraSettings('rpicam', saved, fresh({ ...SAVED_SCORE, score: 91 }));
    expect(steady).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/score 91\.00 .*score 92\.00 \(99 % of it\)/),
    });
    // The light halved: contrast and clipping moved (measured on the virtual bench: 71 of 92).
    const dim = await checkCameraSettings(
      'rpicam',
      saved,
      fresh({ contrast: 0.55, sharpness: 130, clipped: 0, score: 71 }),
    );
    expect(dim).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/drifted, the light changed since calibration .*77 % of it/),
      fix: expect.stringMatching(/benchhand calibrate.*lamp/),
    });
    // Settings chosen bright (the page's white clipped): a dimmer lamp first takes the clipping away.
    const unclipped = await checkCameraSettings(
      'rpicam',
      saved,
      fresh({ contrast: 0.63, sharpness: 140, clipped: 0.05, score: 85 }),
    );
    expect(unclipped).toMatchObject({ status: 'warn', detail: expect.stringMatching(/the light changed.*92 % of it/) });
    // The stand moved: sharpness alone fell.
    const soft = await checkCameraSettings(
      'rpicam',
      saved,
      fresh({ contrast: 0.62, sharpness: 96, clipped: 0.43, score: 60 }),
    );
    expect(soft).toMatchObject({ status: 'warn', detail: expect.stringMatching(/the focus changed/) });
  });

  it('a camera that takes no settings is judged without a picture', async () => {
    const saved = calibration({ ...SAVED, ...SAVED_SCORE });
    const result = await checkCameraSettings('replay:/tmp/x', saved, async () => undefined);
    expect(result).toMatchObject({ status: 'pass', detail: expect.stringMatching(/not a Pi camera/) });
  });
});
