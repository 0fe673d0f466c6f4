// The gray warp: the camera's RGB packing has its own written-out loop, which must give exactly
// what the general path gives; and a row range computes only those rows.
import { describe, expect, it } from 'vitest';
import { homographyFromPoints } from '../../../src/core/vision/homography.js';
import { warpGray, type PackedImage } from '../../../src/core/vision/warp-gray.js';

/** A source with a gradient and a pattern, so a wrong sample or weight shows. */
function source(channels: number): PackedImage {
  const width = 64,
    height = 48;
  const data = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * channels;
      data[o] = (x * 4 + y) & 255;
      if (channels > 1) data[o + 1] = (y * 5) & 255;
      if (channels > 2) data[o + 2] = ((x ^ y) * 9) & 255;
      if (channels > 3) data[o + 3] = 255;
    }
  return { data, width, height, channels };
}

// A slightly turned and keystoned view of the source, as a camera gives.
const outToSource = homographyFromPoints(
  [
    { x: 0, y: 0 },
    { x: 40, y: 0 },
    { x: 40, y: 30 },
    { x: 0, y: 30 },
  ],
  [
    { x: 3.2, y: 2.1 },
    { x: 60.5, y: 4.4 },
    { x: 58.1, y: 45.3 },
    { x: 1.7, y: 43.9 },
  ],
);

describe('warpGray', () => {
  it('reads RGB exactly as RGBA with the same colours (the written-out loop against the general one)', () => {
    const rgb = warpGray(source(3), 40, 30, outToSource);
    const rgba = warpGray(source(4), 40, 30, outToSource);
    expect(Array.from(rgb.data)).toEqual(Array.from(rgba.data));
    expect(rgb.data.some((v) => v > 0)).toBe(true);
  });

  it('computes only the rows asked for, the same values as a whole warp', () => {
    const whole = warpGray(source(3), 40, 30, outToSource);
    const part = warpGray(source(3), 40, 30, outToSource, { from: 10, to: 20 });
    for (let y = 0; y < 30; y++) {
      const row = (image: typeof whole) => Array.from(image.data.subarray(y * 40, (y + 1) * 40));
      if (y >= 10 && y < 20) expect(row(part)).toEqual(row(whole));
      else expect(row(part).every((v) => v === 0)).toBe(true);
    }
  });
});
