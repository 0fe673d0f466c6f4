// A single-channel 8-bit picture, the shape every pure vision step works on. Pure.

export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Luma (BT.601) of packed RGB or RGBA pixels. */
export function toGray(data: Uint8Array, width: number, height: number, channels: number): GrayImage {
  if (channels === 1) return { data, width, height };
  const out = new Uint8Array(width * height);
  for (let i = 0, o = 0; i < out.length; i++, o += channels) {
    out[i] = (data[o]! * 299 + data[o + 1]! * 587 + data[o + 2]! * 114 + 500) / 1000;
  }
  return { data: out, width, height };
}

/** The value below which `fraction` (0..1) of the pixels lie. */
export function percentileOf(image: GrayImage, fraction: number): number {
  return percentileOfHistogram(histogramOf(image), image.data.length, fraction);
}

/** percentileOf from a histogram of `count` pixels already made. */
export function percentileOfHistogram(histogram: Uint32Array, count: number, fraction: number): number {
  const target = fraction * count;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= target) return v;
  }
  return 255;
}

/**
 * The count of each gray level. Four pixels in a row are counted in four separate tables, summed
 * at the end: a screen is mostly runs of one level, and one table made each count wait for the
 * one before it to the same bin (12 against 6.5 ms on a 1080x2340 screenshot).
 */
export function histogramOf(image: GrayImage): Uint32Array {
  const counts = new Uint32Array(4 * 256);
  const data = image.data;
  const whole = data.length - (data.length % 4);
  for (let i = 0; i < whole; i += 4) {
    counts[data[i]!]!++;
    counts[256 + data[i + 1]!]!++;
    counts[512 + data[i + 2]!]!++;
    counts[768 + data[i + 3]!]!++;
  }
  for (let i = whole; i < data.length; i++) counts[data[i]!]!++;
  const histogram = new Uint32Array(256);
  for (let level = 0; level < 256; level++)
    histogram[level] = counts[level]! + counts[256 + level]! + counts[512 + level]! + counts[768 + level]!;
  return histogram;
}

export function meanOf(image: GrayImage): number {
  // An indexed loop: iterating the typed array with for..of cost ~100 ms on a 629x1398 picture
  // under load (scripts/vision/profile-observe.ts found it the largest part of detectLayout).
  // Two sums, of the even and the odd pixels, so each add waits only for its own sum's last
  // (5.2 against 7.9 ms on 1080x2340); whole numbers, so the mean is the same.
  const data = image.data;
  const pairs = data.length - (data.length % 2);
  let even = 0,
    odd = 0;
  for (let i = 0; i < pairs; i += 2) {
    even += data[i]!;
    odd += data[i + 1]!;
  }
  if (pairs < data.length) even += data[pairs]!;
  return (even + odd) / Math.max(1, data.length);
}
