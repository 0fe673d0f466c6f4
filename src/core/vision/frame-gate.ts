// The quality gate a frame passes before it is read: sharpness, exposure (highlights and shadows
// clipped), banding from the display's refresh or PWM dimming against the camera's rolling
// shutter, sensor noise, and movement since the frame before. Measured on the rectified screen
// (the screen warped upright, gray), so the room around the phone does not count. Pure.
import { frameStats } from './frame-stats.js';
import type { GrayImage } from './gray-image.js';

export interface FrameMeasures {
  /** frameStats().sharpness: falls as 1/blur. */
  sharpness: number;
  /** Share of the screen's pixels at 255 or 254 (burnt-out highlights). */
  clippedHighlights: number;
  /**
   * Of the bright pixels (200 and above: a screen's white and light grays), the share burnt out. A
   * white the camera exposes right lies under the clip, its noise, glare and uneven light taking
   * only part of it over; a white the sensor saturates is clipped almost whole, and its light-gray
   * text and anti-aliased edges with it. A white theme clips a large share of the screen either
   * way: this tells the two apart where the share of the screen cannot.
   */
  clippedOfBright: number;
  /** Share at 0 or 1 (crushed shadows). */
  clippedShadows: number;
  /**
   * Typical size of the rows' (or the columns', whichever is larger: the phone may lie across the
   * sensor) background swings left after a smooth trend is taken out, as a share of that trend
   * (PWM dims by a share of the light, on a dark theme as on a light one):
   * stripes across every row (a PWM-dimmed display under a rolling shutter) raise it; the edge of
   * a card or a bar moves only the few rows at the edge, which the median ignores.
   */
  banding: number;
  /** Sensor noise's sigma in gray levels, estimated from the flat parts (median of a Laplacian). */
  noise: number;
  /**
   * How far the picture moved since the frame before, in pixels (the shift that best lines up the
   * two frames' edge profiles across and down the screen); absent for the first. Profiles of
   * edges, not brightness: banding and noise change the brightness of a still frame, not where its
   * edges are.
   */
  movement?: number;
}

export type GateProblemKind = 'blurred' | 'overexposed' | 'underexposed' | 'banded' | 'noisy' | 'moving';

export interface GateProblem {
  kind: GateProblemKind;
  value: number;
  limit: number;
}

export interface GateLimits {
  minSharpness: number;
  maxClippedHighlights: number;
  /** Judged only where at least minClippedForBright of the screen is clipped (a dark theme's few white icons are no exposure). */
  maxClippedOfBright: number;
  minClippedForBright: number;
  maxClippedShadows: number;
  maxBanding: number;
  maxNoise: number;
  maxMovement: number;
}

/**
 * Measured on the rectified screen at half its size in the camera picture (gated-capture.ts), on
 * the virtual camera's frames of four devices (layout probe, messages, shop, sign-in; clean and
 * spoiled by src/sim/bench/spoiled-frames.ts): clean sharpness 109..149, blur sigma 2.5 camera
 * px 59..86, 4 px 37..67; banding clean 0.003..0.015, stripes of 25 % depth 0.030..0.036; noise
 * clean 0.4..1.1, sigma 14 levels 4.6..6.5; a shift of 3 camera px measures 1..2, 6 px 3; the
 * virtual camera burns out 38..44 % of a white theme's pixels and that reads well, so only more
 * than 60 % is overexposure. Of the bright pixels the virtual camera clips 0.44..0.51 on the
 * committed corpus's clean frames and 0..0.56 on every second real-apps screen
 * (../shared/real-apps); the over-exposure fault (camera-faults.ts) 0.68..0.94 at +0.5 EV and
 * 0.83..0.97 at +1 EV, on the real-apps screens that clip 5 % or more: over 0.62 is overexposure.
 */
export const defaultGateLimits: GateLimits = {
  minSharpness: 80,
  maxClippedHighlights: 0.6,
  maxClippedOfBright: 0.62,
  minClippedForBright: 0.05,
  maxClippedShadows: 0.6,
  maxBanding: 0.025,
  maxNoise: 3.5,
  maxMovement: 1,
};

/** What noise and banding are: fusing agreeing frames mends them, a retake alone rarely does. */
export const FUSABLE: ReadonlySet<GateProblemKind> = new Set(['noisy', 'banded']);

/** A screen's white and light grays, lit right or not. */
const BRIGHT = 200;

export function measureFrame(image: GrayImage, before?: GrayImage): FrameMeasures {
  const stats = frameStats(image);
  return {
    sharpness: stats.sharpness,
    ...clippingOf(image),
    banding: bandingOf(image),
    noise: noiseSigma(image),
    ...(before && before.width === image.width && before.height === image.height
      ? { movement: shiftBetween(image, before) }
      : {}),
  };
}

/** The shares of the picture burnt out and crushed, and of its bright pixels burnt out (FrameMeasures). */
export function clippingOf(
  image: GrayImage,
): Pick<FrameMeasures, 'clippedHighlights' | 'clippedOfBright' | 'clippedShadows'> {
  const { data } = image;
  let high = 0,
    bright = 0,
    low = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i]!;
    if (v >= 254) high++;
    else if (v <= 1) low++;
    if (v >= BRIGHT) bright++;
  }
  return {
    clippedHighlights: high / data.length,
    clippedOfBright: bright ? high / bright : 0,
    clippedShadows: low / data.length,
  };
}

/** The rows' or the columns' background swings, whichever is larger (FrameMeasures.banding). */
export function bandingOf(image: GrayImage): number {
  return Math.max(rowBanding(image), rowBanding(transpose(image)));
}

export function judgeFrame(measures: FrameMeasures, limits: GateLimits = defaultGateLimits): GateProblem[] {
  const problems: GateProblem[] = [];
  const above = (kind: GateProblemKind, value: number, limit: number) => {
    if (value > limit) problems.push({ kind, value: round(value), limit });
  };
  if (measures.sharpness < limits.minSharpness)
    problems.push({ kind: 'blurred', value: round(measures.sharpness), limit: limits.minSharpness });
  if (measures.clippedHighlights > limits.maxClippedHighlights)
    above('overexposed', measures.clippedHighlights, limits.maxClippedHighlights);
  else if (measures.clippedHighlights >= limits.minClippedForBright)
    above('overexposed', measures.clippedOfBright, limits.maxClippedOfBright);
  above('underexposed', measures.clippedShadows, limits.maxClippedShadows);
  above('banded', measures.banding, limits.maxBanding);
  above('noisy', measures.noise, limits.maxNoise);
  if (measures.movement !== undefined) above('moving', measures.movement, limits.maxMovement);
  return problems;
}

/** How far a frame misses the gate, summed over its measures (0: it passes): the best of failed frames has the least. */
export function gateShortfall(measures: FrameMeasures, limits: GateLimits = defaultGateLimits): number {
  const over = (value: number, limit: number) => Math.max(0, value / limit - 1);
  return (
    over(limits.minSharpness, Math.max(1e-6, measures.sharpness)) +
    over(measures.clippedHighlights, limits.maxClippedHighlights) +
    (measures.clippedHighlights >= limits.minClippedForBright
      ? over(measures.clippedOfBright, limits.maxClippedOfBright)
      : 0) +
    over(measures.clippedShadows, limits.maxClippedShadows) +
    over(measures.banding, limits.maxBanding) +
    over(measures.noise, limits.maxNoise) +
    over(measures.movement ?? 0, limits.maxMovement)
  );
}

/** One line naming a frame's problems, for records and reports. */
export function describeProblems(problems: readonly GateProblem[]): string {
  return problems.map((p) => `${p.kind} (${p.value}, limit ${p.limit})`).join(', ');
}

/**
 * Median relative deviation of each row's median from a running mean of the row medians over 1/16
 * of the height (the trend counted as at least 24 levels: on a near-black background a level of
 * rounding is no stripe).
 */
function rowBanding(image: GrayImage): number {
  const { data, width, height } = image;
  if (height < 16 || width < 4) return 0;
  const rows = new Float64Array(height);
  const histogram = new Uint32Array(256);
  for (let y = 0; y < height; y++) {
    histogram.fill(0);
    for (let i = y * width, end = i + width; i < end; i++) histogram[data[i]!]!++;
    // The row's background: its median (text and icons cover less than half of most rows).
    let seen = 0,
      v = 0;
    for (; v < 256 && (seen += histogram[v]!) < width / 2; v++);
    rows[y] = v;
  }
  const half = Math.max(2, Math.round(height / 32));
  const prefix = new Float64Array(height + 1);
  for (let y = 0; y < height; y++) prefix[y + 1] = prefix[y]! + rows[y]!;
  const deviations = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    const from = Math.max(0, y - half),
      to = Math.min(height, y + half + 1);
    const trend = (prefix[to]! - prefix[from]!) / (to - from);
    deviations[y] = Math.abs(rows[y]! - trend) / Math.max(24, trend);
  }
  return medianOf(deviations);
}

/** Immerkær's kernel [1 -2 1; -2 4 -2; 1 -2 1] has gain 6 on white noise; its median |response| is 0.6745 sigma on flat parts. */
function noiseSigma(image: GrayImage): number {
  const { data, width, height } = image;
  const histogram = new Uint32Array(2041);
  let n = 0;
  // Every second row and column: the estimate is a median, a quarter of the pixels is plenty.
  for (let y = 1; y < height - 1; y += 2) {
    for (let x = 1, i = y * width + 1; x < width - 1; x += 2, i += 2) {
      const r =
        data[i - width - 1]! -
        2 * data[i - width]! +
        data[i - width + 1]! -
        2 * data[i - 1]! +
        4 * data[i]! -
        2 * data[i + 1]! +
        data[i + width - 1]! -
        2 * data[i + width]! +
        data[i + width + 1]!;
      histogram[Math.min(2040, Math.abs(r))]!++;
      n++;
    }
  }
  if (!n) return 0;
  let seen = 0,
    v = 0;
  for (; v < histogram.length && (seen += histogram[v]!) < n / 2; v++);
  // The median of |r| lies somewhere inside bin v: take its middle.
  return (v + 0.5) / (0.6745 * 6);
}

/** Largest shift looked for, in pixels: a frame moved further fails anyway. */
const MAX_SHIFT = 12;

function shiftBetween(a: GrayImage, b: GrayImage): number {
  const dx = bestShift(edgeProfile(a, 'columns'), edgeProfile(b, 'columns'));
  const dy = bestShift(edgeProfile(a, 'rows'), edgeProfile(b, 'rows'));
  return Math.hypot(dx, dy);
}

/** Per column (or row): the sum of the gradient across it. */
function edgeProfile(image: GrayImage, along: 'columns' | 'rows'): Float64Array {
  const { data, width, height } = image;
  const profile = new Float64Array(along === 'columns' ? width : height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      if (along === 'columns') profile[x]! += Math.abs(data[i + 1]! - data[i - 1]!);
      else profile[y]! += Math.abs(data[i + width]! - data[i - width]!);
    }
  }
  return profile;
}

/** The shift of `b` against `a` (within MAX_SHIFT) with the highest correlation of the mean-removed profiles. */
function bestShift(a: Float64Array, b: Float64Array): number {
  const centred = (p: Float64Array) => {
    const mean = p.reduce((s, v) => s + v, 0) / Math.max(1, p.length);
    return p.map((v) => v - mean);
  };
  const ca = centred(a),
    cb = centred(b);
  let best = 0,
    bestScore = -Infinity;
  for (let shift = -MAX_SHIFT; shift <= MAX_SHIFT; shift++) {
    let score = 0;
    for (let i = MAX_SHIFT; i < ca.length - MAX_SHIFT; i++) score += ca[i]! * cb[i + shift]!;
    if (score > bestScore) {
      bestScore = score;
      best = shift;
    }
  }
  return Math.abs(best);
}

function transpose(image: GrayImage): GrayImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) for (let x = 0, i = y * width; x < width; x++, i++) out[x * height + y] = data[i]!;
  return { data: out, width: height, height: width };
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
