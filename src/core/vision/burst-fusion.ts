// Several frames of a still screen fused into one: per pixel and channel the median of three or
// more (the mean of two), which takes out sensor noise and the display's banding (its stripes
// fall elsewhere in each frame) while an edge that is in every frame stays where it is. Only
// frames that agree (the gate measured no movement between them) are fused. Pure.
import type { PackedImage } from './warp-gray.js';

export function fuseFrames(frames: readonly PackedImage[]): PackedImage {
  const first = frames[0];
  if (!first) throw new Error('fuseFrames needs at least one frame');
  for (const frame of frames)
    if (frame.width !== first.width || frame.height !== first.height || frame.channels !== first.channels)
      throw new Error(
        `fuseFrames: a ${frame.width}x${frame.height}x${frame.channels} frame among ${first.width}x${first.height}x${first.channels} ones; fuse frames of one camera only`,
      );
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
