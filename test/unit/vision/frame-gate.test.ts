// The quality gate on the committed corpus's camera frames (clean ones pass; spoiled by
// src/sim/bench/spoiled-frames.ts they fail on the right measure), and the camera observer's
// capture path (gated-capture.ts) on a camera that serves spoiled frames, on a manual clock: a
// blurred frame is retaken, noisy frames of a still screen are fused.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../../src/adapters/observer-camera/gated-capture.js';
import { decodeRaw, rectifyGray } from '../../../src/adapters/observer-camera/fingerprint-frame.js';
import type { CameraFrame, CameraPort } from '../../../src/core/ports/camera.js';
import { screenSizeInCamera } from '../../../src/core/vision/calibration.js';
import { judgeFrame, measureFrame } from '../../../src/core/vision/frame-gate.js';
import { spoilFrame, type SpoilKind } from '../../../src/sim/bench/spoiled-frames.js';
import { corpusFrames } from '../../support/ocr-corpus.js';

const frame = corpusFrames().find((f) => f.setting === 'default' && !f.fault && f.device === 'shop-checkout')!;
const calibration = { deviceSize: frame.truth.deviceSize, screenCorners: frame.truth.screenCorners };
const clean = readFileSync(frame.cameraPath);
const grayOf = async (jpeg: Uint8Array) =>
  rectifyGray(
    await decodeRaw(jpeg),
    calibration,
    Math.round(screenSizeInCamera(calibration.screenCorners).width * 0.5),
  );

/** A camera serving the clean corpus frame spoiled as listed (one entry a frame; undefined: clean), each costing 100 ms. */
function spoilingCamera(
  clock: ManualClock,
  spoils: ([SpoilKind, number] | undefined)[],
): CameraPort & { taken: number } {
  const camera = {
    taken: 0,
    async capture(): Promise<CameraFrame> {
      const spoil = spoils[Math.min(camera.taken, spoils.length - 1)];
      camera.taken++;
      await clock.advance(100);
      const image = spoil ? await spoilFrame(clean, spoil[0], spoil[1], camera.taken) : clean;
      return { image, format: 'jpeg', width: 1640, height: 1232, capturedAt: clock.now(), sequence: camera.taken };
    },
    describe: () => 'spoiling camera',
    close: async () => undefined,
  };
  return camera;
}

describe('frame gate on camera frames', () => {
  it('passes the clean frame and fails each spoiled one on its own measure', async () => {
    const cleanGray = await grayOf(clean);
    expect(judgeFrame(measureFrame(cleanGray, cleanGray))).toEqual([]);
    const kinds = async (kind: SpoilKind, strength: number) =>
      judgeFrame(measureFrame(await grayOf(await spoilFrame(clean, kind, strength, 1)), cleanGray)).map((p) => p.kind);
    expect(await kinds('blur', 4)).toEqual(['blurred']);
    expect(await kinds('banding', 0.25)).toContain('banded');
    expect(await kinds('noise', 14)).toContain('noisy');
    expect(await kinds('movement', 6)).toEqual(['moving']);
  }, 60_000);
});

describe('the capture path through the gate', () => {
  it('retakes a blurred frame and hands the sharp retake to the reader', async () => {
    const clock = new ManualClock();
    const camera = spoilingCamera(clock, [['blur', 4], undefined]);
    const { frame, record } = await new GatedCapture(camera, calibration, clock).capture({});
    expect(record).toMatchObject({ chosen: 'retaken', tries: 2, fused: 1, problems: [], elapsedMs: 200 });
    expect(Buffer.from(frame.image).equals(clean)).toBe(true);
  }, 60_000);

  it('fuses three noisy frames of a still screen into one that passes', async () => {
    const clock = new ManualClock();
    const camera = spoilingCamera(clock, [['noise', 14]]);
    const { frame, record } = await new GatedCapture(camera, calibration, clock).capture({});
    expect(record).toMatchObject({ chosen: 'fused', tries: 3, fused: 3, problems: [] });
    const measures = measureFrame(await grayOf(frame.image));
    expect(measures.noise).toBeLessThan(3.5);
    expect(camera.taken).toBe(3);
  }, 60_000);

  it('when no frame passes, reads the least bad and says which problems it has', async () => {
    const clock = new ManualClock();
    const camera = spoilingCamera(clock, [['blur', 6]]);
    const { record } = await new GatedCapture(camera, calibration, clock).capture({});
    expect(record.chosen).toBe('best_of_failed');
    expect(record.tries).toBe(4);
    expect(record.problems.map((p) => p.kind)).toEqual(['blurred']);
  }, 60_000);
});
