// The per-pixel steps written for speed (one pass, only the frame touched) against the plain
// definitions they replace, on pictures of awkward sizes.
import { describe, expect, it } from 'vitest';
import { clearBorder, invert, isDarkScreen } from '../../../src/core/vision/contrast.js';
import { frameStats } from '../../../src/core/vision/frame-stats.js';
import { histogramOf, meanOf, type GrayImage } from '../../../src/core/vision/gray-image.js';
import { layoutPicture } from '../../../src/core/vision/layout-pixels.js';

function picture(width: number, height: number, seed: number): GrayImage {
  const data = new Uint8Array(width * height);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    data[i] = state >> 23;
  }
  return { data, width, height };
}

const SIZES: [number, number][] = [
  [1, 1],
  [2, 3],
  [3, 3],
  [5, 1],
  [17, 9],
  [64, 40],
];

describe('clearBorder', () => {
  it('whitens exactly the pixels within the margin of an edge and copies the rest', () => {
    for (const [width, height] of SIZES)
      for (const margin of [0, 1, 2, 7]) {
        const image = picture(width, height, width * 31 + margin);
        const cleared = clearBorder(image, margin);
        for (let y = 0; y < height; y++)
          for (let x = 0; x < width; x++) {
            const inFrame = x < margin || y < margin || x >= width - margin || y >= height - margin;
            expect(cleared.data[y * width + x], `${width}x${height} margin ${margin} at ${x},${y}`).toBe(
              inFrame ? 255 : image.data[y * width + x],
            );
          }
        expect(cleared.data).not.toBe(image.data);
      }
  });
});

describe('frameStats', () => {
  it('gives the percentiles and the gradient measure of their plain definitions', () => {
    for (const [width, height] of SIZES) {
      const image = picture(width, height, height * 7 + width);
      const levels = [...image.data].sort((a, b) => a - b);
      const percentile = (p: number) => {
        let seen = 0;
        const counts = new Array<number>(256).fill(0);
        for (const level of levels) counts[level]!++;
        for (let v = 0; v < 256; v++) if ((seen += counts[v]!) >= p * levels.length) return v;
        return 255;
      };
      const gradients: number[] = [];
      for (let y = 1; y < height - 1; y++)
        for (let x = 1; x < width - 1; x++) {
          const at = (dx: number, dy: number) => image.data[(y + dy) * width + x + dx]!;
          gradients.push(Math.abs(at(1, 0) - at(-1, 0)) + Math.abs(at(0, 1) - at(0, -1)));
        }
      gradients.sort((a, b) => b - a);
      const top = gradients.slice(0, Math.max(1, Math.floor(gradients.length * 0.01)));
      const topMean = top.length && gradients.length ? top.reduce((a, b) => a + b, 0) / top.length : 0;
      const stats = frameStats(image);
      expect(stats.brightness).toBe(percentile(0.99));
      expect(stats.contrast).toBe(Math.max(1, stats.brightness - percentile(0.01)));
      expect(stats.sharpness).toBeCloseTo((topMean / stats.contrast) * 100, 9);
    }
  });
});

describe('histogramOf and meanOf', () => {
  it('count and average the levels as one plain loop does, whatever the length leaves over four', () => {
    for (const [width, height] of [...SIZES, [7, 1] as [number, number], [1, 0] as [number, number]]) {
      const image = picture(width, height, width * 13 + height);
      const counts = new Uint32Array(256);
      let sum = 0;
      for (const level of image.data) {
        counts[level]!++;
        sum += level;
      }
      expect([...histogramOf(image)], `${width}x${height}`).toEqual([...counts]);
      expect(meanOf(image), `${width}x${height}`).toBe(sum / Math.max(1, image.data.length));
    }
  });
});

describe('layoutPicture', () => {
  it('takes the way up it is given, and finds the same one itself', () => {
    const dark: GrayImage = { data: new Uint8Array(64 * 40).fill(30), width: 64, height: 40 };
    expect(isDarkScreen(dark)).toBe(true);
    const found = layoutPicture(dark, { width: 64, height: 40 });
    const given = layoutPicture(dark, { width: 64, height: 40 }, { image: invert(dark), inverted: true });
    expect(found.inverted).toBe(true);
    expect(given.inverted).toBe(true);
    expect([...given.image.data]).toEqual([...found.image.data]);
    expect(given.ground).toBe(found.ground);
  });
});
