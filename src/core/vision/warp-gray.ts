// The projective warp into one gray channel: each output pixel maps back through a homography
// (output pixel -> source pixel) and is sampled bilinearly; outside the source it is black. The
// source may be gray or packed RGB(A): luma (BT.601) is taken only at the sampled points, which
// is far cheaper than converting the whole camera picture first (sharp's own greyscale step
// cost 27..70 ms on a 1640x1232 JPEG here, a raw RGB decode 13 ms: measured). Pure.
import type { Homography } from './homography.js';
import type { GrayImage } from './gray-image.js';

export interface PackedImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** Output rows [from, to): the only ones computed when given (the others stay black). */
export interface RowRange {
  from: number;
  to: number;
}

export function warpGray(
  source: PackedImage,
  width: number,
  height: number,
  outToSource: Homography,
  rows: RowRange = { from: 0, to: height },
): GrayImage {
  const out = new Uint8Array(width * height);
  const sw = source.width,
    maxU = source.width - 1,
    maxV = source.height - 1;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = outToSource;
  const rgb = source.channels === 3 ? source.data : undefined;
  const lumaOf = lumaPlane(source);
  for (let y = Math.max(0, rows.from), end = Math.min(height, rows.to); y < end; y++) {
    // Incremental evaluation along the row: the homogeneous coordinates are linear in x.
    let X = h1 * y + h2,
      Y = h4 * y + h5,
      W = h7 * y + h8;
    let o = y * width;
    for (let x = 0; x < width; x++, X += h0, Y += h3, W += h6, o++) {
      const u = X / W,
        v = Y / W;
      if (!(u >= 0 && v >= 0 && u < maxU && v < maxV)) continue;
      const ui = u | 0,
        vi = v | 0;
      const fu = u - ui,
        fv = v - vi;
      const i00 = vi * sw + ui,
        i01 = i00 + sw;
      if (rgb) {
        // The camera's packing, written out: the same sums as lumaOf, without a call per sample
        // (a call site that sees gray and RGB sources is not inlined; this loop is most of a fingerprint).
        const a = i00 * 3,
          c = i01 * 3;
        const l00 = (rgb[a]! * 299 + rgb[a + 1]! * 587 + rgb[a + 2]! * 114) / 1000,
          l10 = (rgb[a + 3]! * 299 + rgb[a + 4]! * 587 + rgb[a + 5]! * 114) / 1000,
          l01 = (rgb[c]! * 299 + rgb[c + 1]! * 587 + rgb[c + 2]! * 114) / 1000,
          l11 = (rgb[c + 3]! * 299 + rgb[c + 4]! * 587 + rgb[c + 5]! * 114) / 1000;
        out[o] = (l00 * (1 - fu) + l10 * fu) * (1 - fv) + (l01 * (1 - fu) + l11 * fu) * fv;
      } else {
        out[o] =
          (lumaOf(i00) * (1 - fu) + lumaOf(i00 + 1) * fu) * (1 - fv) +
          (lumaOf(i01) * (1 - fu) + lumaOf(i01 + 1) * fu) * fv;
      }
    }
  }
  return { data: out, width, height };
}

/** Luma of pixel i (an index into width x height), whatever the packing. */
function lumaPlane(source: PackedImage): (i: number) => number {
  const d = source.data,
    n = source.channels;
  if (n === 1) return (i) => d[i]!;
  if (n === 2) return (i) => d[i * 2]!;
  return (i) => {
    const o = i * n;
    return (d[o]! * 299 + d[o + 1]! * 587 + d[o + 2]! * 114) / 1000;
  };
}
