// Camera settings chosen by measurement, on a manual clock with a scripted score: the sweep's
// coarse and fine passes, and its bounds in pictures and in time. (On the virtual camera, through
// `benchhand calibrate`: test/integration/vision/calibrate-camera-settings.test.ts.) And a
// calibration written before the camera block existed still parses.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import type { CameraSettings } from '../../../src/core/ports/camera.js';
import {
  chooseCameraSettings,
  EXPOSURES,
  LENS_POSITIONS,
  WHITE_BALANCES,
  type SettingsTrial,
} from '../../../src/core/vision/camera-settings.js';
import { parseCalibration } from '../../../src/core/vision/calibration-schema.js';
import { CALIBRATION } from '../config/config-test-helpers.js';

const START: CameraSettings = { shutterUs: 4000, gain: 1, awbGains: [1.6, 1.6], lensPosition: 4 };

/** A score that peaks at lens 7.5, 30 ms x gain 2 and white balance 2.0,1.5; each picture takes 1.5 s of the clock. */
function scriptedTrial(clock: ManualClock, seen: CameraSettings[], scores: number[] = []): SettingsTrial {
  return {
    score: async (settings) => {
      seen.push(settings);
      await clock.advance(1500);
      const exposure = 1 / (1 + Math.abs(Math.log(settings.shutterUs * settings.gain) - Math.log(60_000)));
      const focus = 1 / (1 + Math.abs((settings.lensPosition ?? 0) - 7.5));
      const balance = settings.awbGains[0] === 2 && settings.awbGains[1] === 1.5 ? 1 : 0.9;
      const score = exposure * focus * balance;
      scores.push(score);
      return { contrast: score, sharpness: 1, clipped: 0, score };
    },
  };
}

describe('camera settings by measurement', () => {
  it('sweeps coarse then fine: every exposure, white balance and lens position, then half dioptres and gain steps', async () => {
    const clock = new ManualClock();
    const seen: CameraSettings[] = [];
    const chosen = await chooseCameraSettings(scriptedTrial(clock, seen), START, { lens: true, clock });
    expect(chosen.settings).toEqual({ shutterUs: 30_000, gain: 2, awbGains: [2.0, 1.5], lensPosition: 7.5 });
    // The coarse lens list has 7 and 8; only the fine pass can find 7.5.
    expect(LENS_POSITIONS).not.toContain(7.5);
    const coarse = 1 + EXPOSURES.length + WHITE_BALANCES.length + LENS_POSITIONS.length;
    expect(seen.length).toBe(chosen.trials);
    expect(chosen.trials).toBeGreaterThan(coarse);
    expect(chosen.trials).toBeLessThanOrEqual(27);
    expect(chosen.elapsedMs).toBe(chosen.trials * 1500);
    // No setting is photographed twice.
    expect(new Set(seen.map((s) => JSON.stringify(s))).size).toBe(seen.length);
  });

  it('stops at the picture budget and at the time budget, keeping the best it saw', async () => {
    const clock = new ManualClock();
    const seen: CameraSettings[] = [];
    const byPictures = await chooseCameraSettings(scriptedTrial(clock, seen), START, {
      lens: true,
      clock,
      budget: { maxPictures: 10, maxMs: 1_000_000 },
    });
    expect(byPictures).toMatchObject({ trials: 10, stoppedBy: 'pictures' });
    expect(seen.length).toBe(10);

    const timed: CameraSettings[] = [];
    const scores: number[] = [];
    const byTime = await chooseCameraSettings(scriptedTrial(clock, timed, scores), START, {
      lens: false,
      clock,
      budget: { maxPictures: 100, maxMs: 6000 },
    });
    // 1.5 s a picture: the 4th ends at 6 s, and no 5th is begun.
    expect(byTime).toMatchObject({ trials: 4, stoppedBy: 'time', elapsedMs: 6000 });
    expect(timed.length).toBe(4);
    expect(byTime.score.score).toBe(Math.max(...scores));
  });

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
