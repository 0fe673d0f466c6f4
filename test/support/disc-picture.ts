// Pictures of a password field's dots for the dot-reading tests (dot-runs, field-dots).
import type { GrayImage } from '../../src/core/vision/gray-image.js';

/** A light picture with dark filled discs of diameter `size` at the given centres. */
export function discs(width: number, height: number, size: number, centres: [number, number][]): GrayImage {
  const data = new Uint8Array(width * height).fill(230);
  for (const [cx, cy] of centres)
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= (size / 2) ** 2) data[y * width + x] = 30;
  return { data, width, height };
}
