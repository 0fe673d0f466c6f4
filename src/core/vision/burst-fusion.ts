// Several frames of a still screen fused into one: per pixel and channel the median of three or
// more (the mean of two), which takes out sensor noise and the display's banding (its stripes
// fall elsewhere in each frame) while an edge that is in every frame stays where it is. Only
// frames that agree (the gate measured no movement between them) are fused. Frames of a PWM-dimmed
// display are fused apart (fuseBandedFrames). Pure.
import type { Banding } from './deband-rows.js';
import type { PackedImage } from './warp-gray.js';

export function fuseFrames(frames: readonly PackedImage[]): PackedImage {
  const first = sameSize(frames);
  if (frames.length === 1) return first;
  const out = new Uint8Array(first.data.length);
  const n = frames.length;
  if (n === 2) {
    const [a, b] = [frames[0]!.data, frames[1]!.data];
    for (let i = 0; i < out.length; i++) out[i] = (a[i]! + b[i]! + 1) >> 1;
  } else if (n === 3) {
    const [a, b, c] = [frames[0]!.data, frames[1]!.data, frames[2]!.data];
    for (let i = 0; i < out.length; i++) {
      const x = a[i]!,
        y = b[i]!,
        z = c[i]!;
      out[i] = Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    }
  } else {
    const values = new Uint8Array(n);
    const datas = frames.map((frame) => frame.data);
    for (let i = 0; i < out.length; i++) {
      for (let k = 0; k < n; k++) values[k] = datas[k]![i]!;
      values.sort();
      out[i] = n % 2 ? values[n >> 1]! : (values[(n >> 1) - 1]! + values[n >> 1]! + 1) >> 1;
    }
  }
  return { data: out, width: first.width, height: first.height, channels: first.channels };
}

/** A camera picture as it came and the PWM bands found in it (deband-rows.ts; absent: none). */
export interface BandedFrame {
  image: PackedImage;
  banding?: Pick<Banding, 'rowLight' | 'meanLight'>;
}

/** Raw levels at or above this are clipped: they say only that the light was at least this much. */
const CLIPPED = 250;
/** A clipped pixel's weight against a lit one's: it counts only where every frame clipped. */
const CLIPPED_WEIGHT = 1e-3;

/**
 * Frames of a PWM-dimmed display fused row by row, at the light of the display without bands:
 * each frame's pixel is its raw level divided by its row's light and scaled to its frame's mean
 * light (a frame without bands is taken as it came), and the frames are averaged weighted by the
 * row's light against that mean, squared (dividing a dark band's row lifts its noise and JPEG loss
 * by as much: the variance by the square), a clipped pixel next to nothing. So each row comes
 * mostly from the frames where it was lit, and a white the bright bands clipped keeps its light
 * grays from the frames whose dark bands held them under the clip: a frame's bands divided out
 * lift every row to the brightest bands' light and clip them there (deband-rows.ts), and a median
 * of debanded frames took a row's middle frame, as often a dark band's as a lit one's.
 */
export function fuseBandedFrames(frames: readonly BandedFrame[]): PackedImage {
  const { width, height, channels } = sameSize(frames.map((frame) => frame.image));
  const out = new Uint8Array(width * height * channels);
  const rowBytes = width * channels;
  const n = frames.length;
  // Per frame, for the current row: the factor from raw level to the fused picture's, and the weight.
  const scale = new Float64Array(n),
    weight = new Float64Array(n);
  const lit = new Float64Array(n),
    litScaled = new Float64Array(n),
    clipped = new Float64Array(n),
    clippedScaled = new Float64Array(n);
  const datas = frames.map((frame) => frame.image.data);
  for (let y = 0; y < height; y++) {
    for (let k = 0; k < n; k++) {
      const banding = frames[k]!.banding;
      const relative = banding ? banding.rowLight[y]! / banding.meanLight : 1;
      scale[k] = 1 / relative;
      weight[k] = relative * relative;
    }
    for (let k = 0; k < n; k++) {
      // A level's weight and its weight times its scale, for a level lit and a level clipped.
      lit[k] = weight[k]!;
      litScaled[k] = weight[k]! * scale[k]!;
      clipped[k] = weight[k]! * CLIPPED_WEIGHT;
      clippedScaled[k] = clipped[k]! * scale[k]!;
    }
    for (let i = y * rowBytes, end = i + rowBytes; i < end; i++) {
      let sum = 0,
        total = 0;
      for (let k = 0; k < n; k++) {
        const level = datas[k]![i]!;
        if (level >= CLIPPED) {
          sum += level * clippedScaled[k]!;
          total += clipped[k]!;
        } else {
          sum += level * litScaled[k]!;
          total += lit[k]!;
        }
      }
      const value = sum / total + 0.5;
      out[i] = value > 255 ? 255 : value;
    }
  }
  return { data: out, width, height, channels };
}

function sameSize(frames: readonly PackedImage[]): PackedImage {
  const first = frames[0];
  if (!first) throw new Error('fuseFrames needs at least one frame');
  for (const frame of frames)
    if (frame.width !== first.width || frame.height !== first.height || frame.channels !== first.channels)
      throw new Error(
        `fuseFrames: a ${frame.width}x${frame.height}x${frame.channels} frame among ${first.width}x${first.height}x${first.channels} ones; fuse frames of one camera only`,
      );
  return first;
}
