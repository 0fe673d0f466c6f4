// Measures of a rectified screen picture that say whether it is fit to read: how bright its
// brightest parts are, its contrast, and its sharpness. Pure.
import { histogramOf, percentileOfHistogram, type GrayImage } from './gray-image.js';

export interface FrameStats {
  /** 99th percentile of the brightness (0..255): a dark-theme screen still has bright text. */
  brightness: number;
  /** 99th minus 1st percentile. */
  contrast: number;
  /**
   * Mean of the strongest 1 % of gradients per unit of contrast, x100. An edge of contrast A blurred
   * with sigma s has a gradient peak near A/s, so this falls as 1/s. (Laplacian-based measures were
   * tried first: on noisy frames the noise, not the edges, dominates them.)
   */
  sharpness: number;
}

/**
 * The measures of a picture, kept per picture object (a rectified frame is never written to once
 * made): the preprocessing measures a camera frame to decide whether to sharpen it
 * (core/vision/unsharp.ts) and the reader reports the same measures after, for one pass (5 to 9 ms).
 */
const measured = new WeakMap<GrayImage, FrameStats>();

export function frameStats(image: GrayImage): FrameStats {
  const known = measured.get(image);
  if (known) return { ...known };
  // One histogram for both percentiles: a whole screen is two million pixels.
  const histogram = histogramOf(image);
  const brightness = percentileOfHistogram(histogram, image.data.length, 0.99);
  const contrast = Math.max(1, brightness - percentileOfHistogram(histogram, image.data.length, 0.01));
  const stats = { brightness, contrast, sharpness: (topMean(gradientHistogram(image), 0.01) / contrast) * 100 };
  measured.set(image, stats);
  return stats;
}

/** Counts of |dx| + |dy| inside the one-pixel frame: at most 510, so no bin needs clamping. */
function gradientHistogram(image: GrayImage): Uint32Array {
  const { data, width, height } = image;
  const grad = new Uint32Array(512);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      grad[Math.abs(data[i + 1]! - data[i - 1]!) + Math.abs(data[i + width]! - data[i - width]!)]!++;
    }
  }
  return grad;
}

/** Mean of the largest `fraction` of the values counted in a histogram. */
export function topMean(histogram: Uint32Array, fraction: number): number {
  const total = histogram.reduce((s, n) => s + n, 0);
  let want = Math.max(1, Math.floor(total * fraction)),
    sum = 0,
    n = 0;
  for (let v = histogram.length - 1; v >= 0 && want > 0; v--) {
    const take = Math.min(histogram[v]!, want);
    sum += take * v;
    n += take;
    want -= take;
  }
  return n ? sum / n : 0;
}
