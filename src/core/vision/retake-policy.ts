// Which frame a look reads: the first that passes the quality gate (frame-gate.ts); a frame that
// fails is retaken, up to a number of tries and a time budget on the injected clock; when the
// frames agree (no movement between them) and fail only on noise or banding, the agreeing frames
// are fused (burst-fusion.ts) and the fusion is judged instead; a frame that fails on exposure is
// retaken at a corrected shutter where the camera takes settings (exposure-retake.ts); when
// nothing passes, the frame that misses the gate least is read and the record says so. Pure but
// for the capture functions it is given.
import type { Clock } from '../ports/clock.js';
import {
  FUSABLE,
  defaultGateLimits,
  gateShortfall,
  judgeFrame,
  type FrameMeasures,
  type GateLimits,
  type GateProblem,
} from './frame-gate.js';
import { LookExposure, type ExposureChange, type ExposureControl } from './exposure-retake.js';

export interface RetakePolicy {
  /** Frames taken at most for one look (the first included). */
  maxTries: number;
  /** No retake starts after this many ms since the first frame came (a slow first frame leaves the retakes their time). */
  maxMs: number;
  /** Agreeing frames fused when noise or banding fails the gate (2..5; 1: never fuse). */
  fuseFrames: number;
  limits: GateLimits;
}

/**
 * Four frames, retakes within 2.5 s: the Pi camera at its 10 fps gives a retake in about 100 ms,
 * the virtual camera on a busy 2-core machine in 0.5..1 s; three fused frames read the banded
 * and noisy frames of the benchmark best (scripts/bench/camera-gate.bench.ts).
 */
export const defaultRetakePolicy: RetakePolicy = { maxTries: 4, maxMs: 2500, fuseFrames: 3, limits: defaultGateLimits };

/** How the frame a look read was chosen: named in the observation, the step's journal record and the run's report. */
export interface CaptureRecord {
  /**
   * first: the first frame passed; retaken: a later one passed; fused: agreeing frames fused
   * passed; bracketed: the frame chosen had a patch burnt out whole (a lamp's reflection), filled in
   * from a frame at a shorter shutter (glare-bracket.ts), and passed; best_of_failed: none passed,
   * the least bad was read.
   */
  chosen: 'first' | 'retaken' | 'fused' | 'bracketed' | 'best_of_failed';
  /** Frames taken for this look. */
  tries: number;
  /** Frames fused into the one read (1 unless fused, or when the best of the failed is a fusion). */
  fused: number;
  /** The problems of the frame read ([] when it passed). */
  problems: GateProblem[];
  /** Milliseconds on the injected clock from the first capture asked for to the frame chosen. */
  elapsedMs: number;
  /** The shutter changes asked for before retakes (a frame overexposed or underexposed), in order; absent: none. */
  exposure?: ExposureChange[];
  /**
   * A frame taken at a shorter shutter for a patch the frame chosen burnt out whole (glare-bracket.ts):
   * its shutter, the patch's share of the screen, and whether it showed ink there and filled the
   * patch in (false: the patch was blank ground); absent: none taken.
   */
  bracket?: { shutterUs: number; spotShare: number; filled: boolean };
}

export interface GateDeps<F> {
  /** The next frame; `after` is the frame before it in this look (a retake must be newer). */
  take(after?: F): Promise<F>;
  /** The gate's measures of a frame, with movement measured against `before` when given. */
  measure(frame: F, before?: F): Promise<FrameMeasures>;
  /** Agreeing frames fused into one (absent: no fusion). */
  fuse?(frames: F[]): Promise<F>;
  /**
   * The camera's exposure, corrected before the retake of a frame that failed on it and put back
   * when the retake was no better (exposure-retake.ts; absent: a camera without settings).
   */
  exposure?: ExposureControl;
  clock: Pick<Clock, 'now'>;
}

export async function captureThroughGate<F>(
  deps: GateDeps<F>,
  policy: RetakePolicy = defaultRetakePolicy,
): Promise<{ frame: F; record: CaptureRecord }> {
  const startedAt = deps.clock.now();
  const exposure = new LookExposure(deps.exposure);
  const done = (frame: F, chosen: CaptureRecord['chosen'], tries: number, fused: number, problems: GateProblem[]) => ({
    frame,
    record: {
      chosen,
      tries,
      fused,
      problems,
      elapsedMs: deps.clock.now() - startedAt,
      ...(exposure.changes.length ? { exposure: exposure.changes } : {}),
    },
  });
  let best: { frame: F; problems: GateProblem[]; shortfall: number; fused: number } | undefined;
  const consider = (frame: F, measures: FrameMeasures, problems: GateProblem[], fused: number) => {
    const shortfall = gateShortfall(measures, policy.limits);
    if (!best || shortfall < best.shortfall) best = { frame, problems, shortfall, fused };
    return shortfall;
  };
  /** The frames since the last movement: what may be fused. */
  let still: F[] = [];
  let previous: F | undefined;
  /** The frame before, when it was sharp: what movement is measured from. */
  let sharpBefore: F | undefined;
  let tries = 0;
  let firstAt = startedAt;
  while (tries < Math.max(1, policy.maxTries)) {
    if (tries > 0 && deps.clock.now() - firstAt >= policy.maxMs) break;
    const frame = await deps.take(previous);
    if (tries++ === 0) firstAt = deps.clock.now();
    const measures = await deps.measure(frame, sharpBefore);
    const problems = judgeFrame(measures, policy.limits);
    if (!problems.length) return done(frame, tries === 1 ? 'first' : 'retaken', tries, 1, []);
    const shortfall = consider(frame, measures, problems, 1);
    // Movement is measured only from a sharp frame: against a blurred one the edges' profiles
    // differ in shape, and their best match lands a pixel or two off on a still screen.
    sharpBefore = problems.some((p) => p.kind === 'blurred') ? undefined : frame;
    previous = frame;
    // Only frames failing on noise or banding alone are fused, and only those since the last movement.
    const fusable = problems.every((p) => FUSABLE.has(p.kind) || p.kind === 'moving');
    const moved = problems.some((p) => p.kind === 'moving');
    still = !fusable ? [] : moved ? [frame] : [...still, frame];
    if (fusable && deps.fuse && policy.fuseFrames >= 2 && still.length >= policy.fuseFrames) {
      const fused = await deps.fuse(still.slice(-policy.fuseFrames));
      // Movement is not judged on a fusion: its frames agreed.
      const fusedMeasures = await deps.measure(fused);
      const fusedProblems = judgeFrame(fusedMeasures, policy.limits);
      if (!fusedProblems.length) return done(fused, 'fused', tries, policy.fuseFrames, []);
      consider(fused, fusedMeasures, fusedProblems, policy.fuseFrames);
    }
    // The next frame at a corrected shutter, when there is one and this frame's exposure failed.
    const retakeLeft = tries < policy.maxTries && deps.clock.now() - firstAt < policy.maxMs;
    await exposure.afterFailedFrame(problems, shortfall, retakeLeft);
  }
  return done(best!.frame, 'best_of_failed', tries, best!.fused, best!.problems);
}
