// The projective warp, done by hand on raw RGB buffers because sharp has only affine transforms:
// every camera pixel is mapped back into the screen image (inverse mapping) and sampled
// bilinearly; pixels on the bezel get the phone's colour, the rest the bench.
import type { Homography } from './homography.js';

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface WarpScene {
  /** Camera pixel -> screen image pixel. */
  cameraToScreen: Homography;
  /** Bezel width in screen image pixels. */
  bezel: number;
  bezelColor: [number, number, number];
  bench: [number, number, number];
}

export function warpScreen(screen: RawImage, width: number, height: number, scene: WarpScene): RawImage {
  const out = new Uint8Array(width * height * 3);
  const src = screen.data;
  const sw = screen.width,
    sh = screen.height;
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = scene.cameraToScreen;
  const b = scene.bezel;
  const [br, bg, bb] = scene.bezelColor;
  const [nr, ng, nb] = scene.bench;
  const maxU = sw - 1,
    maxV = sh - 1;
  for (let y = 0; y < height; y++) {
    // Incremental evaluation along the row: the homogeneous coordinates are linear in x.
    let X = h1 * y + h2,
      Y = h4 * y + h5,
      W = h7 * y + h8;
    let o = y * width * 3;
    for (let x = 0; x < width; x++, X += h0, Y += h3, W += h6, o += 3) {
      const u = X / W,
        v = Y / W;
      if (u >= 0 && v >= 0 && u < maxU && v < maxV) {
        const ui = u | 0,
          vi = v | 0;
        const fu = u - ui,
          fv = v - vi;
        const i00 = (vi * sw + ui) * 3,
          i10 = i00 + 3,
          i01 = i00 + sw * 3,
          i11 = i01 + 3;
        const w00 = (1 - fu) * (1 - fv),
          w10 = fu * (1 - fv),
          w01 = (1 - fu) * fv,
          w11 = fu * fv;
        out[o] = src[i00]! * w00 + src[i10]! * w10 + src[i01]! * w01 + src[i11]! * w11;
        out[o + 1] = src[i00 + 1]! * w00 + src[i10 + 1]! * w10 + src[i01 + 1]! * w01 + src[i11 + 1]! * w11;
        out[o + 2] = src[i00 + 2]! * w00 + src[i10 + 2]! * w10 + src[i01 + 2]! * w01 + src[i11 + 2]! * w11;
      } else if (u >= -b && v >= -b && u <= maxU + b && v <= maxV + b) {
        out[o] = br;
        out[o + 1] = bg;
        out[o + 2] = bb;
      } else {
        out[o] = nr;
        out[o + 1] = ng;
        out[o + 2] = nb;
      }
    }
  }
  return { data: out, width, height };
}
