// The detector's probability map to line boxes (DB post-processing): a region above the threshold
// is a line when its mean probability is high enough, grown back by the unclip offset; weak and
// tiny regions are dropped; two separate lines stay two.
import { describe, expect, it } from 'vitest';
import { DB_DEFAULTS, textBoxes } from '../../../src/core/vision/text-line-boxes.js';

function map(width: number, height: number, cores: { x0: number; y0: number; x1: number; y1: number; p: number }[]) {
  const probability = new Float32Array(width * height);
  for (const core of cores)
    for (let y = core.y0; y < core.y1; y++) for (let x = core.x0; x < core.x1; x++) probability[y * width + x] = core.p;
  return probability;
}

describe('textBoxes', () => {
  it('grows a line core back by area × ratio / perimeter', () => {
    // A 40×10 core: offset = 400 × 1.5 / (2 × 50) = 6.
    const boxes = textBoxes(map(100, 40, [{ x0: 20, y0: 10, x1: 60, y1: 20, p: 0.9 }]), 100, 40);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]).toMatchObject({ x0: 14, y0: 4, x1: 66, y1: 26 });
    expect(boxes[0]!.score).toBeCloseTo(0.9, 5);
  });

  it('keeps two lines apart, top to bottom, and clips to the map', () => {
    const boxes = textBoxes(
      map(100, 60, [
        { x0: 0, y0: 40, x1: 30, y1: 48, p: 0.8 },
        { x0: 10, y0: 2, x1: 50, y1: 10, p: 0.8 },
      ]),
      100,
      60,
    );
    expect(boxes.map((box) => Math.round(box.y0))).toEqual([0, 35]);
    expect(boxes[1]!.x0).toBe(0);
  });

  it('drops a region whose mean probability is below the box threshold, and specks', () => {
    const boxes = textBoxes(
      map(100, 40, [
        { x0: 10, y0: 10, x1: 50, y1: 20, p: 0.5 },
        { x0: 70, y0: 30, x1: 71, y1: 32, p: 0.99 },
      ]),
      100,
      40,
    );
    expect(boxes).toEqual([]);
    expect(
      textBoxes(map(100, 40, [{ x0: 10, y0: 10, x1: 50, y1: 20, p: 0.5 }]), 100, 40, {
        ...DB_DEFAULTS,
        boxThreshold: 0.4,
      }),
    ).toHaveLength(1);
  });
});
