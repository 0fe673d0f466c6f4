// Measures of a rectified screen picture that say whether it is fit to read: how bright its
// brightest parts are, its contrast, and its sharpness. Pure.
import { percentileOfHistogram, type GrayImage } from './gray-image.js';

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

export function frameStats(image: GrayImage): FrameStats {
  // One pass for both histograms: a whole screen is two million pixels.
  const { levels, gradients } = histograms(image);
  const brightness = percentileOfHistogram(levels, image.data.length, 0.99);
  const contrast = Math.max(1, brightness - percentileOfHistogram(levels, image.data.length, 0.01));
  return { brightness, contrast, sharpness: (topMean(gradients, 0.01) / contrast) * 100 };
}

/** The histogram of the levels, and of the gradients (|dx| + |dy|, at most 510) inside the one-pixel frame. */
function histograms(image: GrayImage): { levels: Uint32Array; gradients: Uint32Array } {
  const { data, width, height } = image;
  const levels = new Uint32Array(256),
    gradients = new Uint32Array(512);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    if (y === 0 || y === height - 1 || width < 3) {
      for (let i = row; i < row + width; i++) levels[data[i]!]!++;
      continue;
    }
    levels[data[row]!]!++;
    levels[data[row + width - 1]!]!++;
    for (let i = row + 1, end = row + width - 1; i < end; i++) {
      const dx = data[i + 1]! - data[i - 1]!,
        dy = data[i + width]! - data[i - width]!;
      levels[data[i]!]!++;
      gradients[(dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)]!++;
    }
  }
  return { levels, gradients };
}

/** Mean of the largest `fraction` of the values counted in a histogram. */
function topMean(histogram: Uint32Array, fraction: number): number {
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
