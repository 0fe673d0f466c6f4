// Is a frame fit to act on? Too dark, blurred, or read with low confidence are reported as
// observation problems for the agent to see; nothing here ever acts on them. Pure.
import type { FrameStats } from './frame-stats.js';
import type { ScreenModel } from './screen-model.js';
import { describeProblems } from './frame-gate.js';
import type { CaptureRecord } from './retake-policy.js';

export type QualityProblem =
  | { kind: 'too_dark'; value: number; limit: number; message: string }
  | { kind: 'blurred'; value: number; limit: number; message: string }
  | { kind: 'low_confidence'; value: number; limit: number; message: string }
  | { kind: 'no_good_frame'; value: number; limit: number; message: string };

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

/**
 * Below this mean word confidence a read of a frame that failed the gate is a guess: the camera
 * gave no frame fit to read in its tries, and what was read of the best one may be wrong.
 */
export const DOUBTFUL_BELOW = 0.8;

/**
 * The verdict with the gate's say: when no frame passed the gate and the read of the best one is
 * doubtful, the look is not fit to act on (a step says so instead of acting on a guess); when the
 * read of it is confident, the record alone says that no frame passed.
 */
export function withCaptureVerdict(
  verdict: QualityVerdict,
  capture: CaptureRecord,
  model: ScreenModel,
  doubtfulBelow = DOUBTFUL_BELOW,
): QualityVerdict {
  if (capture.chosen !== 'best_of_failed' || model.confidence >= doubtfulBelow) return verdict;
  const problem: QualityProblem = {
    kind: 'no_good_frame',
    value: capture.tries,
    limit: capture.tries,
    message: `no frame of ${capture.tries} passed the quality gate (${describeProblems(capture.problems)}) and the best one read doubtfully (confidence ${round(model.confidence)}, need ${doubtfulBelow}): check the focus, the light and that the phone is still, then look again`,
  };
  return { ok: false, problems: [...(verdict.ok ? [] : verdict.problems), problem] };
}
