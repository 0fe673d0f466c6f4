// The retake policy on a manual clock, with frames whose measures the test chooses: which frame a
// look reads (first, retaken, fused, the best of the failed), bounded in tries and in time, and
// the verdict a doubtful read of a frame that failed the gate gets.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { defaultGateLimits, type FrameMeasures } from '../../../src/core/vision/frame-gate.js';
import { assessQuality, withCaptureVerdict } from '../../../src/core/vision/quality.js';
import { captureThroughGate, defaultRetakePolicy, type RetakePolicy } from '../../../src/core/vision/retake-policy.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';

const good: FrameMeasures = {
  sharpness: 130,
  clippedHighlights: 0.3,
  clippedOfBright: 0.4,
  clippedShadows: 0,
  banding: 0.01,
  noise: 1,
};
const blurred: FrameMeasures = { ...good, sharpness: 50 };
const blurrier: FrameMeasures = { ...good, sharpness: 30 };
const noisy: FrameMeasures = { ...good, noise: 6 };
const banded: FrameMeasures = { ...good, banding: 0.035 };

interface Frame {
  id: string;
  measures: FrameMeasures;
  /** Where the frame lies (a shift since the one before is movement). */
  at?: number;
}

/** A camera giving `frames` in order, each costing `msPerFrame` on the clock; fusing frames makes a clean one. */
function bench(frames: Frame[], msPerFrame = 100) {
  const clock = new ManualClock(1000);
  const taken: string[] = [];
  const fusedFrom: string[][] = [];
  let next = 0;
  const deps = {
    take: async () => {
      const frame = frames[Math.min(next++, frames.length - 1)]!;
      await clock.advance(msPerFrame);
      taken.push(frame.id);
      return frame;
    },
    measure: async (frame: Frame, before?: Frame) => ({
      ...frame.measures,
      ...(before ? { movement: Math.abs((frame.at ?? 0) - (before.at ?? 0)) } : {}),
    }),
    fuse: async (many: Frame[]) => {
      fusedFrom.push(many.map((frame) => frame.id));
      // Noise and banding averaged out; blur is not mended by fusing.
      const worst = Math.min(...many.map((frame) => frame.measures.sharpness));
      return { id: `fused(${many.map((f) => f.id).join(',')})`, measures: { ...good, sharpness: worst } };
    },
    clock,
  };
  return { deps, clock, taken, fusedFrom };
}

describe('retake policy', () => {
  it('reads the first frame when it passes, taking no other', async () => {
    const { deps, taken } = bench([{ id: 'a', measures: good }]);
    const { frame, record } = await captureThroughGate(deps);
    expect(frame.id).toBe('a');
    expect(record).toEqual({ chosen: 'first', tries: 1, fused: 1, problems: [], elapsedMs: 100 });
    expect(taken).toEqual(['a']);
  });

  it('retakes a blurred frame and reads the sharp retake', async () => {
    const { deps } = bench([
      { id: 'blurred', measures: blurred },
      { id: 'sharp', measures: good },
    ]);
    const { frame, record } = await captureThroughGate(deps);
    expect(frame.id).toBe('sharp');
    expect(record.chosen).toBe('retaken');
    expect(record.tries).toBe(2);
  });

  it('fuses three agreeing noisy or banded frames instead of reading one of them', async () => {
    const { deps, fusedFrom } = bench([
      { id: 'n1', measures: noisy },
      { id: 'b2', measures: banded },
      { id: 'n3', measures: noisy },
      { id: 'good', measures: good },
    ]);
    const { frame, record } = await captureThroughGate(deps);
    expect(fusedFrom).toEqual([['n1', 'b2', 'n3']]);
    expect(frame.id).toBe('fused(n1,b2,n3)');
    expect(record).toMatchObject({ chosen: 'fused', tries: 3, fused: 3, problems: [] });
  });

  it('never fuses across a movement or with a blurred frame: the run of still frames starts again', async () => {
    const { deps, fusedFrom } = bench([
      { id: 'n1', measures: noisy, at: 0 },
      { id: 'n2', measures: noisy, at: 5 },
      { id: 'blur', measures: { ...noisy, sharpness: 40 }, at: 5 },
      { id: 'n4', measures: noisy, at: 5 },
      { id: 'n5', measures: noisy, at: 5 },
      { id: 'n6', measures: noisy, at: 5 },
    ]);
    const { record } = await captureThroughGate(deps, { ...defaultRetakePolicy, maxTries: 6, maxMs: 10_000 });
    expect(fusedFrom).toEqual([['n4', 'n5', 'n6']]);
    expect(record.chosen).toBe('fused');
  });

  it('fuses nothing when the policy says one frame (fusion off)', async () => {
    const { deps, fusedFrom } = bench([{ id: 'n', measures: noisy }]);
    const { record } = await captureThroughGate(deps, { ...defaultRetakePolicy, fuseFrames: 1 });
    expect(fusedFrom).toEqual([]);
    expect(record).toMatchObject({ chosen: 'best_of_failed', tries: 4 });
    expect(record.problems.map((p) => p.kind)).toEqual(['noisy']);
  });

  it('stops at the tries bound and reads the least bad frame, naming its problems', async () => {
    const { deps, taken } = bench([
      { id: 'b1', measures: blurrier },
      { id: 'b2', measures: blurred },
      { id: 'b3', measures: blurrier },
    ]);
    const policy: RetakePolicy = { ...defaultRetakePolicy, maxTries: 3, maxMs: 60_000 };
    const { frame, record } = await captureThroughGate(deps, policy);
    expect(taken).toEqual(['b1', 'b2', 'b3']);
    expect(frame.id).toBe('b2');
    expect(record).toMatchObject({ chosen: 'best_of_failed', tries: 3, fused: 1 });
    expect(record.problems).toEqual([{ kind: 'blurred', value: 50, limit: defaultGateLimits.minSharpness }]);
  });

  it('starts no retake once the time budget is spent on the clock, counted from the first frame', async () => {
    // A slow camera, 700 ms a frame, against 1500 ms from the first frame's arrival (at 700): retakes
    // start at 0, 700 and 1400 ms into the budget; a fifth frame would start at 2100.
    const { deps, taken } = bench([{ id: 'b', measures: blurred }], 700);
    const { record } = await captureThroughGate(deps, { ...defaultRetakePolicy, maxTries: 10, maxMs: 1500 });
    expect(taken.length).toBe(4);
    expect(record.tries).toBe(4);
    expect(record.elapsedMs).toBe(2800);
  });

  it('asks for a corrected exposure before retaking an overexposed frame, only then, and records it', async () => {
    const overexposed: FrameMeasures = { ...good, clippedOfBright: 0.9 };
    const { deps, taken } = bench([
      { id: 'blurred', measures: blurred },
      { id: 'bright', measures: overexposed },
      { id: 'good', measures: good },
    ]);
    const asked: string[][] = [];
    const change = { because: 'overexposed' as const, fromUs: 20_000, toUs: 10_000 };
    const { frame, record } = await captureThroughGate({
      ...deps,
      exposure: {
        correct: async (problems) => {
          asked.push(problems.map((p) => p.kind));
          return change;
        },
        undo: async () => {
          throw new Error('a retake that passed is never undone');
        },
      },
    });
    expect(asked).toEqual([['overexposed']]);
    expect(taken).toEqual(['blurred', 'bright', 'good']);
    expect(frame.id).toBe('good');
    expect(record).toMatchObject({ chosen: 'retaken', tries: 3, exposure: [change] });
  });

  it('puts a change back when its retake misses the gate by as much, and changes no more (a glare spot)', async () => {
    const { deps } = bench([
      { id: 'spot', measures: { ...good, clippedOfBright: 0.8 } },
      { id: 'spot, darker around it', measures: { ...good, clippedOfBright: 0.95 } },
      { id: 'spot again', measures: { ...good, clippedOfBright: 0.8 } },
    ]);
    const calls: string[] = [];
    const change = { because: 'overexposed' as const, fromUs: 20_000, toUs: 10_000 };
    const undone = { because: 'undone' as const, fromUs: 10_000, toUs: 20_000 };
    const { frame, record } = await captureThroughGate({
      ...deps,
      exposure: {
        correct: async () => {
          calls.push('correct');
          return change;
        },
        undo: async (what) => {
          calls.push(`undo ${what.toUs}`);
          return undone;
        },
      },
    });
    expect(calls).toEqual(['correct', 'undo 10000']);
    expect(record).toMatchObject({ chosen: 'best_of_failed', tries: 4, exposure: [change, undone] });
    expect(frame.id).toBe('spot');
  });
});

describe("the gate's say in the verdict", () => {
  const stats = { brightness: 240, contrast: 200, sharpness: 100 };
  const model = (confidence: number) =>
    screenModel({ width: 1080, height: 2400 }, [
      {
        text: 'Continue',
        confidence,
        box: { x: 100, y: 100, width: 300, height: 60 },
        words: [{ text: 'Continue', confidence, box: { x: 100, y: 100, width: 300, height: 60 } }],
      },
    ]);
  const failed = {
    chosen: 'best_of_failed' as const,
    tries: 4,
    fused: 1,
    problems: [{ kind: 'blurred' as const, value: 50, limit: 80 }],
    elapsedMs: 400,
  };

  it('a doubtful read of the best failed frame is not fit to act on, and says why', () => {
    const verdict = withCaptureVerdict(assessQuality(stats, model(0.7)), failed, model(0.7));
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.problems.map((p) => p.kind)).toEqual(['no_good_frame']);
    expect(verdict.problems[0]!.message).toMatch(/no frame of 4 passed the quality gate \(blurred \(50, limit 80\)\)/);
  });

  it('a confident read of it stands; a frame that passed is never doubted', () => {
    expect(withCaptureVerdict(assessQuality(stats, model(0.93)), failed, model(0.93)).ok).toBe(true);
    const retaken = { ...failed, chosen: 'retaken' as const, problems: [] };
    expect(withCaptureVerdict(assessQuality(stats, model(0.7)), retaken, model(0.7)).ok).toBe(true);
  });
});
