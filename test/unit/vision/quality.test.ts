// The quality gate on corpus frames: the dark and blurred faults are flagged, every normal frame
// passes on its picture measures (thresholds in src/core/vision/quality.ts, measured here).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { frameStats } from '../../../src/core/vision/frame-stats.js';
import { assessQuality } from '../../../src/core/vision/quality.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';
import { corpusFrames } from '../../support/ocr-corpus.js';

const frames = corpusFrames();
const statsOf = async (frame: (typeof frames)[number]) => {
  const prepared = await prepareCameraFrame(readFileSync(frame.cameraPath), {
    deviceSize: frame.truth.deviceSize,
    screenCorners: frame.truth.screenCorners,
  });
  return frameStats(prepared.rectified);
};

describe('quality gate', () => {
  it('flags the dark frames as too dark and the blurred frames as blurred, and passes all others', async () => {
    const verdicts = await Promise.all(
      frames.map(async (frame) => ({ frame, verdict: assessQuality(await statsOf(frame), undefined) })),
    );
    const kinds = (v: (typeof verdicts)[number]) => (v.verdict.ok ? [] : v.verdict.problems.map((p) => p.kind));
    for (const v of verdicts) {
      const label = `${v.frame.dir}/${v.frame.stem} (${v.frame.fault ?? 'normal'})`;
      if (v.frame.fault === 'dark') expect(kinds(v), label).toEqual(['too_dark']);
      else if (v.frame.fault === 'blurred') expect(kinds(v), label).toEqual(['blurred']);
      else expect(kinds(v), label).toEqual([]);
    }
    expect(verdicts.filter((v) => v.frame.fault).length).toBe(4);
    // The whole corpus rectified through sharp: seconds when quiet, more beside a busy machine's other work.
  }, 90_000);

  it('reports low OCR confidence as a problem with the value and the limit', () => {
    const model = screenModel({ width: 1080, height: 2400 }, [
      {
        text: 'x',
        confidence: 0.4,
        box: { x: 0, y: 0, width: 9, height: 9 },
        words: [{ text: 'x', confidence: 0.4, box: { x: 0, y: 0, width: 9, height: 9 } }],
      },
    ]);
    const verdict = assessQuality({ brightness: 200, contrast: 150, sharpness: 90 }, model);
    expect(verdict).toMatchObject({ ok: false, problems: [{ kind: 'low_confidence', value: 0.4, limit: 0.6 }] });
  });
});
