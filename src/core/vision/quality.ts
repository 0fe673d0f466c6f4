// Is a frame fit to act on? Too dark, blurred, or read with low confidence are reported as
// observation problems for the agent to see; nothing here ever acts on them. Pure.
import type { FrameStats } from './frame-stats.js';
import type { ScreenModel } from './screen-model.js';

export type QualityProblem =
  | { kind: 'too_dark'; value: number; limit: number; message: string }
  | { kind: 'blurred'; value: number; limit: number; message: string }
  | { kind: 'low_confidence'; value: number; limit: number; message: string };

export type QualityVerdict = { ok: true } | { ok: false; problems: QualityProblem[] };

export interface QualityLimits {
  /** Brightest 1 % below this many levels (0..255) is too dark. */
  minBrightness: number;
  /** frameStats().sharpness below this is blurred. */
  minSharpness: number;
  /** Mean word confidence (0..1) below this is not to be trusted. */
  minConfidence: number;
}

// Measured on the OCR corpus (test/fixtures/ocr-corpus): see test/unit/vision/quality.test.ts.
export const defaultQualityLimits: QualityLimits = { minBrightness: 60, minSharpness: 43, minConfidence: 0.6 };

export function assessQuality(
  stats: FrameStats,
  model: ScreenModel | undefined,
  limits: QualityLimits = defaultQualityLimits,
): QualityVerdict {
  const problems: QualityProblem[] = [];
  if (stats.brightness < limits.minBrightness) {
    problems.push({
      kind: 'too_dark',
      value: stats.brightness,
      limit: limits.minBrightness,
      message: `the frame is too dark (brightest parts at ${stats.brightness}/255, need ${limits.minBrightness}): check the light, the exposure and that the screen is on`,
    });
  } else if (stats.sharpness < limits.minSharpness) {
    problems.push({
      kind: 'blurred',
      value: round(stats.sharpness),
      limit: limits.minSharpness,
      message: `the frame is blurred (sharpness ${round(stats.sharpness)}, need ${limits.minSharpness}): check the focus and that nothing moved`,
    });
  }
  if (model && model.confidence < limits.minConfidence) {
    problems.push({
      kind: 'low_confidence',
      value: round(model.confidence),
      limit: limits.minConfidence,
      message: `the text was read with low confidence (${round(model.confidence)}, need ${limits.minConfidence}): what was read may be wrong`,
    });
  }
  return problems.length ? { ok: false, problems } : { ok: true };
}

const round = (n: number) => Math.round(n * 100) / 100;
