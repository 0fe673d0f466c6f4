// The text-line detector's input, filled in one pass over the pixels, against its plain
// definition: each of the three channels the gray level normalised as PaddleOCR normalises it
// ((level / 255 - mean) / deviation, ImageNet's), the rows past the picture white.
import { describe, expect, it } from 'vitest';
import { networkInput } from '../../../src/adapters/observer-camera/text-line-detector.js';

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

describe('networkInput', () => {
  it('gives each channel the normalised gray level, and white past the pixels', () => {
    const width = 7,
      rows = 5;
    const pixels = Uint8Array.from({ length: 3 * width }, (_, i) => [0, 255][i] ?? (i * 37) % 256);
    const plane = width * rows;
    const expected = new Float32Array(3 * plane);
    for (let channel = 0; channel < 3; channel++)
      for (let i = 0; i < plane; i++)
        expected[channel * plane + i] = ((pixels[i] ?? 255) / 255 - MEAN[channel]!) / STD[channel]!;
    expect([...networkInput(pixels, plane)]).toEqual([...expected]);
  });
});
