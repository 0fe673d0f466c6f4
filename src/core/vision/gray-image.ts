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

export function histogramOf(image: GrayImage): Uint32Array {
  const histogram = new Uint32Array(256);
  const data = image.data;
  for (let i = 0; i < data.length; i++) histogram[data[i]!]!++;
  return histogram;
}

export function meanOf(image: GrayImage): number {
  // An indexed loop: iterating the typed array with for..of cost ~100 ms on a 629x1398 picture
  // under load (scripts/vision/profile-observe.ts found it the largest part of detectLayout).
  const data = image.data;
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += data[i]!;
  return sum / Math.max(1, image.data.length);
}
