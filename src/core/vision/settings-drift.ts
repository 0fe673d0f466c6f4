// Has the picture at the calibration's camera settings drifted since `benchhand calibrate` chose
// them? A fresh picture's score against the saved one, and which part moved: the contrast or the
// clipped share (the light: a lamp moved or switched, the phone's brightness) or the sharpness
// alone (the focus: the stand or the phone moved). Pure.
//
// Thresholds: on the virtual bench the score of one screen varies < 1 % frame to frame, its
// contrast and clipped share by 0.01. The focus 2 dioptres off (1.4 cm at 9 cm) costs 15 % of the
// score, 4 dioptres 35 %: 20 % down is drift. The light moves the contrast and the clipped share
// before it moves the score (settings chosen bright, with 14 % of the screen clipped, lost all of
// it and 13 % of the score at 40 % light): contrast off by 10 % or the clipped share by 0.1 (ten
// times its frame-to-frame spread) is drift too, the settings chosen for a light no longer there.
import type { SettingsScore } from './camera-settings.js';

export const DRIFT_SCORE_RATIO = 0.8;
const LIGHT_CONTRAST_RATIO = 0.1;
const LIGHT_CLIPPED_SHARE = 0.1;

export interface SavedScore {
  score: number;
  contrast?: number;
  sharpness?: number;
  clipped?: number;
}

export type DriftJudgement =
  { drifted: false; ratio: number } | { drifted: true; ratio: number; cause: 'light' | 'focus' | 'light or focus' };

export function judgeDrift(saved: SavedScore, fresh: SettingsScore): DriftJudgement {
  const ratio = saved.score > 0 ? fresh.score / saved.score : 1;
  const light =
    (saved.contrast !== undefined &&
      Math.abs(fresh.contrast / Math.max(1e-6, saved.contrast) - 1) > LIGHT_CONTRAST_RATIO) ||
    (saved.clipped !== undefined && Math.abs(fresh.clipped - saved.clipped) > LIGHT_CLIPPED_SHARE);
  if (light) return { drifted: true, ratio, cause: 'light' };
  if (ratio >= DRIFT_SCORE_RATIO) return { drifted: false, ratio };
  const known = saved.contrast !== undefined && saved.clipped !== undefined;
  return { drifted: true, ratio, cause: known ? 'focus' : 'light or focus' };
}
