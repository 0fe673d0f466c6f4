// Has the picture at the calibration's camera settings drifted since `benchhand calibrate` chose
// them? A fresh picture's score against the saved one, and which part moved: the contrast or the
// clipped share (the light: a lamp moved or switched, the phone's brightness) or the sharpness
// alone (the focus: the stand or the phone moved). Pure.
//
// Thresholds: on the virtual bench the score of one screen varies < 1 % frame to frame; the light
// halved costs 23 %, the focus 2 dioptres off (1.4 cm at 9 cm) 15 %, 4 dioptres 35 %. 20 % down is
// drift; within 5 % contrast and 0.1 clipped share the light is called unchanged.
import type { SettingsScore } from './camera-settings.js';

export const DRIFT_SCORE_RATIO = 0.8;
const LIGHT_CONTRAST_RATIO = 0.05;
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
  if (ratio >= DRIFT_SCORE_RATIO) return { drifted: false, ratio };
  const light =
    (saved.contrast !== undefined &&
      Math.abs(fresh.contrast / Math.max(1e-6, saved.contrast) - 1) > LIGHT_CONTRAST_RATIO) ||
    (saved.clipped !== undefined && Math.abs(fresh.clipped - saved.clipped) > LIGHT_CLIPPED_SHARE);
  const known = saved.contrast !== undefined && saved.clipped !== undefined;
  return { drifted: true, ratio, cause: light ? 'light' : known ? 'focus' : 'light or focus' };
}
