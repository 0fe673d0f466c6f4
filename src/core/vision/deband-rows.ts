// Rolling-shutter banding taken out of a camera picture, only where it is there. A display dimmed
// by PWM flickers; the camera's rolling shutter exposes its rows one after another, so each row of
// the picture gets its own share of the light: bright and dark bands across the screen, periodic
// along the picture's rows (whatever way the phone lies). The bands are a gain per camera row, so
// they are measured where they act: the ratio of each row to the one before, the median over the
// screen's pixels (text and edges are few against the ground), summed into a log-gain profile.
// A profile with a clear period (its autocorrelation peaks again after dropping below zero) and a
// depth beyond what a clean frame's content gives is divided out; any other frame is returned as
// it is, the same object (a clean frame stays byte-identical). Measured on the recorded real apps
// (npm run bench real, BENCHHAND_REAL_FAULTS=pwm-banding). Pure.
import type { Point } from './homography.js';
import type { PackedImage } from './warp-gray.js';

export interface Banding {
  /** The bands' period in camera rows. */
  periodRows: number;
  /** Root mean square of the log gain taken out (0.17 ≈ bands of ±17 %). */
  depth: number;
  /** The profile's autocorrelation at the period (1: a perfect repeat). */
  periodicity: number;
  /**
   * Per picture row, the light it had against the brightest bands' (about 0.3..1; 1 outside the
   * screen): dividing a row by it lifts its noise and its JPEG loss by as much, so a fusion of
   * frames whose bands lie elsewhere takes each row mostly from the frames where it was lit.
   */
  rowLight: Float64Array;
  /** The mean of rowLight over the screen's rows: the light of the picture an unbanded display would give. */
  meanLight: number;
}

export interface DebandOptions {
  /** The smallest depth (RMS of the log gain) divided out; below it a frame is left alone. */
  minDepth?: number;
  /** The smallest autocorrelation at the period. */
  minPeriodicity?: number;
}

/** A clean frame's content gave up to ~0.01 (text columns, cards' edges); mild PWM bands 0.1 and more. */
const DEFAULT_MIN_DEPTH = 0.035;
const DEFAULT_MIN_PERIODICITY = 0.45;
/** Rows darker or brighter than these carry no gain (black has no light to compare, white clips). */
const LOW = 16,
  HIGH = 250;
/** Histogram of per-pixel log ratios: bins of 0.002 over ±0.256. */
const BIN = 0.002,
  BINS = 256;
/**
 * The steepest change of log gain from one row to the next that bands make: a 3 ms exposure over
 * 240 Hz PWM (the severe fault, camera-faults.ts) climbs ~0.04 a row from its darkest, 480 Hz twice that.
 */
const MAX_STEP = 0.1;
/** Every STEP-th pixel of a row, INSET in from the screen's edges (the bezel's bleed). */
const STEP = 3,
  INSET = 4;

const LOG = (() => {
  const table = new Float64Array(256);
  for (let value = 1; value < 256; value++) table[value] = Math.log(value);
  return table;
})();

/**
 * The picture with its bands divided out within the screen (`corners`: the screen's four corners
 * in the picture), and what was found; `banding` undefined and `image` the same object when none.
 */
export function debandRows(
  image: PackedImage,
  corners: readonly Point[],
  options: DebandOptions = {},
): { image: PackedImage; banding?: Banding } {
  const spans = screenSpans(image, corners);
  if (spans.rows < 64) return { image };
  const profile = logGainProfile(image, spans);
  const period = findPeriod(profile);
  if (!period || period.correlation < (options.minPeriodicity ?? DEFAULT_MIN_PERIODICITY)) return { image };
  const residual = minusPeriodMean(profile, period.lag);
  const depth = Math.sqrt(residual.reduce((sum, value) => sum + value * value, 0) / residual.length);
  if (depth < (options.minDepth ?? DEFAULT_MIN_DEPTH)) return { image };
  // Every row is lifted to the brightest bands' light (their 95th percentile), not to the mean: the
  // brightest bands clip white and carry no gain to measure, so a mean-level result would come out
  // darker than the screen by a frame's own amount (its bands' phase) and every frame would differ.
  const brightest = [...residual].sort((a, b) => a - b)[Math.floor(0.95 * (residual.length - 1))]!;
  const lift = residual.map((value) => value - brightest);
  const rowLight = new Float64Array(image.height).fill(1);
  let sum = 0;
  for (let row = 0; row < spans.rows; row++) sum += rowLight[spans.top + row] = Math.exp(lift[row]!);
  return {
    image: divideRows(image, spans, lift),
    banding: {
      periodRows: period.lag,
      depth,
      periodicity: period.correlation,
      rowLight,
      meanLight: sum / spans.rows,
    },
  };
}

interface Spans {
  /** First camera row of the screen and how many rows follow. */
  top: number;
  rows: number;
  /** Per row: the screen's x-range [from, to) in the picture. */
  from: Int32Array;
  to: Int32Array;
}

/** Where each picture row crosses the screen's quadrilateral. */
function screenSpans(image: PackedImage, corners: readonly Point[]): Spans {
  const ys = corners.map((corner) => corner.y);
  const top = Math.max(0, Math.ceil(Math.min(...ys))),
    bottom = Math.min(image.height, Math.floor(Math.max(...ys)));
  const rows = Math.max(0, bottom - top);
  const from = new Int32Array(rows),
    to = new Int32Array(rows);
  for (let row = 0; row < rows; row++) {
    const y = top + row + 0.5;
    let low = Infinity,
      high = -Infinity;
    for (let i = 0; i < corners.length; i++) {
      const a = corners[i]!,
        b = corners[(i + 1) % corners.length]!;
      if ((a.y <= y && b.y > y) || (b.y <= y && a.y > y)) {
        const x = a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y);
        low = Math.min(low, x);
        high = Math.max(high, x);
      }
    }
    from[row] = low === Infinity ? 0 : Math.max(0, Math.ceil(low));
    to[row] = high === -Infinity ? 0 : Math.min(image.width, Math.floor(high));
  }
  return { top, rows, from, to };
}

/** The log gain of each screen row relative to the first: summed medians of row-to-row log ratios. */
function logGainProfile(image: PackedImage, spans: Spans): Float64Array {
  const { data, width, channels } = image;
  // Luma of one row's screen pixels, every STEP-th: the rows above and below reuse it.
  const lumaRow = (y: number, out: Int16Array) => {
    out.fill(-1);
    const from = spans.from[y - spans.top]! + INSET,
      to = spans.to[y - spans.top]! - INSET;
    for (let x = from - (from % STEP); x < to; x += STEP) {
      const i = (y * width + x) * channels;
      out[x / STEP] = channels >= 3 ? (data[i]! * 77 + data[i + 1]! * 150 + data[i + 2]! * 29) >> 8 : data[i]!;
    }
  };
  const profile = new Float64Array(spans.rows);
  const histogram = new Int32Array(BINS);
  let above = new Int16Array(Math.ceil(width / STEP)),
    here = new Int16Array(above.length);
  lumaRow(spans.top, above);
  for (let row = 1; row < spans.rows; row++) {
    lumaRow(spans.top + row, here);
    histogram.fill(0);
    let count = 0;
    for (let k = 0; k < here.length; k++) {
      const a = here[k]!,
        b = above[k]!;
      if (a < LOW || b < LOW || a > HIGH || b > HIGH) continue;
      const bin = Math.round((LOG[a]! - LOG[b]!) / BIN) + BINS / 2;
      histogram[bin < 0 ? 0 : bin >= BINS ? BINS - 1 : bin]!++;
      count++;
    }
    const step = count >= 16 ? medianOf(histogram, count) : 0;
    // A step steeper than bands make is content (most of a row entering a panel or a card): not light.
    profile[row] = profile[row - 1]! + (Math.abs(step) <= MAX_STEP ? step : 0);
    [above, here] = [here, above];
  }
  return profile;
}

/** The histogram's median in log-ratio units, interpolated within its bin. */
function medianOf(histogram: Int32Array, count: number): number {
  const half = count / 2;
  let seen = 0;
  for (let bin = 0; bin < BINS; bin++) {
    const here = histogram[bin]!;
    if (seen + here >= half) return (bin - BINS / 2 - 0.5 + (half - seen) / Math.max(1, here)) * BIN;
    seen += here;
  }
  return 0;
}

/**
 * The profile's period: the lag of the autocorrelation's first peak, after it first drops below
 * zero, within 85 % of its highest (of the profile less its broad trend), lags 12 rows to a half
 * of the profile.
 */
function findPeriod(profile: Float64Array): { lag: number; correlation: number } | undefined {
  const detrended = minusMovingMean(profile, Math.max(31, Math.round(profile.length / 3)));
  const n = detrended.length;
  let variance = 0;
  for (const value of detrended) variance += value * value;
  variance /= n;
  if (variance <= 0) return undefined;
  const correlation = (lag: number) => {
    let sum = 0;
    for (let i = lag; i < n; i++) sum += detrended[i]! * detrended[i - lag]!;
    return sum / (n - lag) / variance;
  };
  const values = new Float64Array((n >> 1) + 1);
  let crossed = false,
    best = 0;
  for (let lag = 12; lag <= n >> 1; lag++) {
    values[lag] = correlation(lag);
    if (values[lag]! < 0) crossed = true;
    else if (crossed && values[lag]! > best) best = values[lag]!;
  }
  if (best <= 0) return undefined;
  // The first peak near the highest: a peak at twice the period is often as high.
  crossed = false;
  for (let lag = 12; lag <= n >> 1; lag++) {
    if (values[lag]! < 0) crossed = true;
    else if (crossed && values[lag]! >= 0.85 * best && values[lag]! >= (values[lag + 1] ?? 0))
      return { lag, correlation: values[lag]! };
  }
  return undefined;
}

/** The profile less its centred moving mean over `window` rows (the window shifted, not cut, at the ends). */
function minusMovingMean(profile: Float64Array, window: number): Float64Array {
  const n = profile.length;
  const span = Math.min(window, n);
  const cumulative = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) cumulative[i + 1] = cumulative[i]! + profile[i]!;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const start = Math.min(n - span, Math.max(0, i - (span >> 1)));
    out[i] = profile[i]! - (cumulative[start + span]! - cumulative[start]!) / span;
  }
  return out;
}

/** A mean over exactly one period takes the bands out and leaves the light's slow changes. */
function minusPeriodMean(profile: Float64Array, period: number): Float64Array {
  return minusMovingMean(profile, period);
}

/** Each screen row's pixels divided by its band's gain (a copy; the bezel and bench untouched). */
function divideRows(image: PackedImage, spans: Spans, logGain: Float64Array): PackedImage {
  const { width, channels } = image;
  const data = new Uint8Array(image.data);
  const lookup = new Uint8Array(256);
  for (let row = 0; row < spans.rows; row++) {
    const gain = Math.exp(-logGain[row]!);
    for (let value = 0; value < 256; value++) lookup[value] = Math.min(255, Math.round(value * gain));
    const y = spans.top + row;
    const start = (y * width + Math.max(0, spans.from[row]! - 2)) * channels,
      end = (y * width + Math.min(width, spans.to[row]! + 2)) * channels;
    for (let i = start; i < end; i++) data[i] = lookup[data[i]!]!;
  }
  return { data, width, height: image.height, channels };
}
