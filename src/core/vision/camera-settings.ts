// Camera settings chosen by measurement: exposure (shutter and gain), white balance and (Camera
// Module 3) the lens position that give the calibrated screen its strongest text contrast and
// sharpness. One setting at a time (exposure, then white balance, then focus), each from a short
// list, since a grid of all of them would take minutes of frames; then a fine pass around the best
// (the lens in half dioptres, the gain in quarter steps). Bounded in pictures and in time: a Pi
// camera restarts for every setting (~1.5 s a picture). Pure: the camera that applies a setting and
// photographs is the caller's (app/vision/choose-camera-settings.ts).
import type { CameraSettings } from '../ports/camera.js';
import type { Clock } from '../ports/clock.js';
import { frameStats } from './frame-stats.js';
import type { GrayImage } from './gray-image.js';

export type { CameraSettings };

export interface SettingsScore {
  /** (99th - 1st percentile) / 255 of the rectified screen. */
  contrast: number;
  sharpness: number;
  /** Share of pixels burnt out (254, 255) or crushed (0, 1). */
  clipped: number;
  /** contrast x sharpness, discounted by clipping beyond a white theme's share: the larger the better. */
  score: number;
}

/**
 * Shutter times are whole multiples of 10 ms (50 Hz mains lamps flicker at 100 Hz, so a whole
 * period averages it out; 60 Hz lamps want 8.33 ms: the list has 16.7 ms too); gains from 1 up,
 * the least noise first. Lens positions 2..12 dioptres: a phone 8..50 cm from the lens.
 */
export const EXPOSURES: readonly Pick<CameraSettings, 'shutterUs' | 'gain'>[] = [
  { shutterUs: 10_000, gain: 1 },
  { shutterUs: 16_667, gain: 1 },
  { shutterUs: 20_000, gain: 1 },
  { shutterUs: 30_000, gain: 1 },
  { shutterUs: 20_000, gain: 2 },
  { shutterUs: 30_000, gain: 2 },
  { shutterUs: 30_000, gain: 4 },
];
export const WHITE_BALANCES: readonly [number, number][] = [
  [1.6, 1.6],
  [2.0, 1.5],
  [1.8, 1.8],
  [1.5, 2.0],
];
export const LENS_POSITIONS: readonly number[] = [2, 3, 4, 5, 6, 7, 8, 10, 12];

/** Clipping a white theme's background is harmless: only beyond this share it costs score. */
const HARMLESS_CLIPPING = 0.45;

export function scoreSettings(screen: GrayImage): SettingsScore {
  const stats = frameStats(screen);
  let clippedCount = 0;
  for (const v of screen.data) if (v >= 254 || v <= 1) clippedCount++;
  const clipped = clippedCount / Math.max(1, screen.data.length);
  const contrast = stats.contrast / 255;
  const score = contrast * stats.sharpness * Math.max(0, 1 - Math.max(0, clipped - HARMLESS_CLIPPING) * 2);
  return { contrast, sharpness: stats.sharpness, clipped, score };
}

/** What the chooser needs: apply a setting, photograph the rectified screen. */
export interface SettingsTrial {
  score(settings: CameraSettings): Promise<SettingsScore>;
}

/** Where the sweep stops: whichever comes first. The full sweep is at most 27 pictures with a lens, 14 without. */
export interface SweepBudget {
  maxPictures: number;
  maxMs: number;
}

/** 30 pictures (the full sweep and room), 90 s (a Pi camera restarted 27 times at ~1.5 s, twice over). */
export const DEFAULT_SWEEP_BUDGET: SweepBudget = { maxPictures: 30, maxMs: 90_000 };

/** The fine pass: the lens this far either side of the best coarse position, the gain by these factors. */
const FINE_LENS_STEPS = [-1, -0.5, 0.5, 1];
const FINE_GAIN_FACTORS = [0.8, 1.25];

export interface ChosenSettings {
  settings: CameraSettings;
  score: SettingsScore;
  /** Pictures looked at (the start's included). */
  trials: number;
  /** Set when the budget ran out before the sweep's end: the best of what was looked at. */
  stoppedBy?: 'pictures' | 'time';
  elapsedMs: number;
}

export interface SweepOptions {
  /** The camera can focus (a lens position to choose). */
  lens: boolean;
  clock: Pick<Clock, 'now'>;
  budget?: SweepBudget;
}

/** The settings with the best score, one setting at a time from `start`, coarse then fine, within the budget. */
export async function chooseCameraSettings(
  trial: SettingsTrial,
  start: CameraSettings,
  options: SweepOptions,
): Promise<ChosenSettings> {
  const budget = options.budget ?? DEFAULT_SWEEP_BUDGET;
  const startedAt = options.clock.now();
  const elapsed = () => options.clock.now() - startedAt;
  const tried = new Set<string>();
  let best = { settings: start, score: await trial.score(start) };
  tried.add(key(start));
  let stoppedBy: ChosenSettings['stoppedBy'];
  const tryAll = async (candidates: CameraSettings[]) => {
    for (const settings of candidates) {
      if (stoppedBy || tried.has(key(settings))) continue;
      if (tried.size >= budget.maxPictures) stoppedBy = 'pictures';
      else if (elapsed() >= budget.maxMs) stoppedBy = 'time';
      if (stoppedBy) return;
      tried.add(key(settings));
      const score = await trial.score(settings);
      // Ties keep the earlier (shorter exposure, lower gain): less motion blur and noise.
      if (score.score > best.score.score) best = { settings, score };
    }
  };
  await tryAll(EXPOSURES.map((exposure) => ({ ...best.settings, ...exposure })));
  await tryAll(WHITE_BALANCES.map((awbGains) => ({ ...best.settings, awbGains })));
  if (options.lens) {
    await tryAll(LENS_POSITIONS.map((lensPosition) => ({ ...best.settings, lensPosition })));
    const coarse = best.settings.lensPosition ?? LENS_POSITIONS[0]!;
    await tryAll(
      FINE_LENS_STEPS.map((step) => coarse + step)
        .filter((position) => position >= 0 && position <= 32)
        .map((lensPosition) => ({ ...best.settings, lensPosition })),
    );
  }
  const gain = best.settings.gain;
  await tryAll(
    FINE_GAIN_FACTORS.map((factor) => Math.round(gain * factor * 100) / 100)
      .filter((fine) => fine >= 1)
      .map((fine) => ({ ...best.settings, gain: fine })),
  );
  return { ...best, trials: tried.size, ...(stoppedBy ? { stoppedBy } : {}), elapsedMs: elapsed() };
}

const key = (s: CameraSettings) => `${s.shutterUs}/${s.gain}/${s.awbGains.join(',')}/${s.lensPosition ?? '-'}`;

/** "shutter 20000 us, gain 1, white balance 1.8,1.5, lens 6 dioptres": for reports and the doctor. */
export function describeCameraSettings(settings: CameraSettings): string {
  return `shutter ${settings.shutterUs} us, gain ${settings.gain}, white balance ${settings.awbGains.join(',')}${settings.lensPosition !== undefined ? `, lens ${settings.lensPosition} dioptres` : ''}`;
}

/** "score 5.21 (contrast 0.71, sharpness 7.3, 2 % clipped)". */
export function describeScore(score: SettingsScore): string {
  return `score ${score.score.toFixed(2)} (contrast ${score.contrast.toFixed(2)}, sharpness ${score.sharpness.toFixed(1)}, ${Math.round(score.clipped * 100)} % clipped)`;
}
