// A soft camera frame sharpened before it is read: an unsharp mask (the picture plus its
// difference from a wide blur the caller made), only where the frame's own sharpness
// (frame-stats.ts) says it is soft, so a sharp frame is neither slowed nor changed. Pure.
//
// Measured on ../shared/real-apps through the virtual camera (every 4th screen, 11 Latin screens;
// words as drawn | texts read), defocus severe: none 78.9 | 82.0; sigma 1.5, amount 1.5: 74.7 | 75.0;
// sigma 2.5, amount 1: 81.6 | 81.3; sigma 3.5, amount 1: 83.5 | 82.0; sigma 5, amount 1.2: 83.0 |
// 82.0. A narrow mask amplifies the noise and the JPEG's blocks more than it restores strokes.
// A motion streak is not a blur the mask undoes: motion blur severe (a streak of 8 px) fell with it
// (66.8 to 63.2 words at sigma 2.5 on every frame; 64.8 to 60.2 texts with the sharpness limit
// alone, its two softest frames sharpened). A streak blurs one direction: the strongest gradients
// across the picture's rows and its columns then differ (measured, the mean of each's top 0.5 %:
// ratio 1.9..2.3 under the severe streak, 0.9..1.1 on clean and defocused frames), so a frame whose
// ratio passes ISOTROPIC_WITHIN is left alone. The sharpness limit: clean camera frames of those
// screens measured 43..82, defocus severe 22..37, defocus mild 35..69.
import { topMean, type FrameStats } from './frame-stats.js';
import type { GrayImage } from './gray-image.js';

/** Sharpness (frameStats) below which a camera frame is sharpened before it is read. */
export const SHARPEN_BELOW = 38;
/** The mask's blur, in pixels of the rectified picture. */
export const UNSHARP_SIGMA = 3.5;
const UNSHARP_AMOUNT = 1;

/** The strongest gradients across rows and across columns within this ratio: the blur is a disc, not a streak. */
export const ISOTROPIC_WITHIN = 1.4;

/** A soft frame whose softness is the same in every direction (defocus): the mask helps it. */
export function needsSharpening(
  image: GrayImage,
  stats: Pick<FrameStats, 'sharpness'>,
  below = SHARPEN_BELOW,
): boolean {
  if (stats.sharpness >= below) return false;
  const { across, along } = directionalGradients(image);
  return Math.max(across, along) <= ISOTROPIC_WITHIN * Math.max(1, Math.min(across, along));
}

/** The mean of the top 0.5 % of |dx| (across) and of |dy| (along the columns), central differences. */
export function directionalGradients(image: GrayImage): { across: number; along: number } {
  const { data, width, height } = image;
  const dx = new Uint32Array(256),
    dy = new Uint32Array(256);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1, i = y * width + 1; x < width - 1; x++, i++) {
      dx[Math.abs(data[i + 1]! - data[i - 1]!)]!++;
      dy[Math.abs(data[i + width]! - data[i - width]!)]!++;
    }
  return { across: topMean(dx, 0.005), along: topMean(dy, 0.005) };
}

/** image + amount × (image − blurred), clamped to 0..255; `blurred` is `image` blurred by UNSHARP_SIGMA. */
export function unsharpMask(image: GrayImage, blurred: GrayImage, amount = UNSHARP_AMOUNT): GrayImage {
  if (blurred.width !== image.width || blurred.height !== image.height)
    throw new Error(
      `unsharpMask: the blurred picture is ${blurred.width}x${blurred.height}, the picture ${image.width}x${image.height}: blur the same picture`,
    );
  const { data } = image;
  const out = new Uint8Array(data.length);
  for (let i = 0; i < out.length; i++) {
    const value = data[i]! + amount * (data[i]! - blurred.data[i]!);
    out[i] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
  }
  return { data: out, width: image.width, height: image.height };
}
