// Camera settings chosen by measurement: exposure (shutter and gain), white balance and (Camera
// Module 3) the lens position that give the calibrated screen its strongest text contrast and
// sharpness. One setting at a time (exposure, then white balance, then focus), each from a short
// list, since a grid of all of them would take minutes of frames. Pure: the camera that applies a
// setting and photographs is the caller's (app/vision/choose-camera-settings.ts).
import { frameStats } from './frame-stats.js';
import type { GrayImage } from './gray-image.js';

export interface CameraSettings {
  /** Exposure time in microseconds (rpicam --shutter). */
  shutterUs: number;
  /** Analogue gain (rpicam --gain). */
  gain: number;
  /** Red and blue gains (rpicam --awbgains R,B). */
  awbGains: [number, number];
  /** Dioptres (rpicam --autofocus-mode manual --lens-position D); absent: a fixed-focus camera. */
  lensPosition?: number;
}

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

export interface ChosenSettings {
  settings: CameraSettings;
  score: SettingsScore;
  /** Frames looked at. */
  trials: number;
}

/** The settings with the best score, one setting at a time from `start`; `lens`: the camera can focus. */
export async function chooseCameraSettings(
  trial: SettingsTrial,
  start: CameraSettings,
  lens: boolean,
): Promise<ChosenSettings> {
  let best = { settings: start, score: await trial.score(start) };
  let trials = 1;
  const tryAll = async (candidates: CameraSettings[]) => {
    for (const settings of candidates) {
      const score = await trial.score(settings);
      trials++;
      // Ties keep the earlier (shorter exposure, lower gain): less motion blur and noise.
      if (score.score > best.score.score) best = { settings, score };
    }
  };
  await tryAll(EXPOSURES.map((exposure) => ({ ...best.settings, ...exposure })));
  await tryAll(WHITE_BALANCES.map((awbGains) => ({ ...best.settings, awbGains })));
  if (lens) await tryAll(LENS_POSITIONS.map((lensPosition) => ({ ...best.settings, lensPosition })));
  return { ...best, trials };
}
