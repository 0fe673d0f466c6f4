// What a camera's settings do to the virtual camera's picture (settings-effect.ts), as options of
// its own faults: the camera as it came is untouched (the same options object: the same bytes as
// before settings existed), light follows shutter x gain through the picture's gamma, gain above 1
// brings the low-light noise, white balance off neutral is a colour cast, a lens off the screen's
// distance blurs by 0.52 px per dioptre, and the rig's light and focus shift move with the fault.
import { describe, expect, it } from 'vitest';
import { resolveCameraOptions } from '../../../src/sim/camera/camera-options.js';
import { DEFOCUS_SIGMA_PER_DIOPTRE, settingsEffect } from '../../../src/sim/camera/settings-effect.js';

const base = resolveCameraOptions();
const NEUTRAL = { shutterUs: 20_000, gain: 1, awbGains: [2.0, 1.5] as [number, number], lensPosition: 11.1 };

describe('virtual camera settings', () => {
  it('leaves the camera as it came untouched', () => {
    const effect = settingsEffect(base, undefined);
    expect(effect.options).toBe(base);
    expect(effect).toMatchObject({ exposureFactor: 1, extraBlurSigma: 0 });
  });

  it('scales the light by shutter x gain through the gamma, with gain noise', () => {
    expect(settingsEffect(base, NEUTRAL)).toMatchObject({ exposureFactor: 1, extraBlurSigma: 0 });
    const doubled = settingsEffect(base, { ...NEUTRAL, shutterUs: 40_000 });
    expect(doubled.exposureFactor).toBeCloseTo(Math.pow(2, 1 / 2.2), 6);
    expect(doubled.options.lowLightGain).toBe(0);
    const gained = settingsEffect(base, { ...NEUTRAL, gain: 4 });
    expect(gained.exposureFactor).toBeCloseTo(Math.pow(4, 1 / 2.2), 6);
    expect(gained.options.lowLightGain).toBe(4);
  });

  it('tints off neutral white balance and blurs off focus', () => {
    expect(settingsEffect(base, NEUTRAL).options.colourGains).toEqual([1, 1, 1]);
    expect(settingsEffect(base, { ...NEUTRAL, awbGains: [1.6, 1.8] }).options.colourGains).toEqual([0.8, 1, 1.2]);
    const off = settingsEffect(base, { ...NEUTRAL, lensPosition: 5.1 });
    expect(off.extraBlurSigma).toBeCloseTo(6 * DEFOCUS_SIGMA_PER_DIOPTRE, 6);
    expect(DEFOCUS_SIGMA_PER_DIOPTRE).toBeCloseTo(0.52, 2);
  });

  it('follows the rig: a dimmer lamp, a glare spot, a focus moved', () => {
    const rig = settingsEffect(base, NEUTRAL, { light: 0.5, glare: 120, focusShift: 2 });
    expect(rig.exposureFactor).toBeCloseTo(Math.pow(0.5, 1 / 2.2), 6);
    expect(rig.options.glare.strength).toBe(120);
    expect(rig.extraBlurSigma).toBeCloseTo(2 * DEFOCUS_SIGMA_PER_DIOPTRE, 6);
  });
});
