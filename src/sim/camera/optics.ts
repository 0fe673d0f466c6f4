// Light and sensor effects on the warped picture, in place: uneven light (gradient and
// vignette), a glare spot, exposure, and seeded sensor noise.
import type { CameraOptions } from './camera-options.js';
import { gaussian, seededRandom } from './prng.js';
import type { RawImage } from '../../core/vision/warp.js';

const noiseTableSize = 4096;

export function applyOptics(image: RawImage, options: CameraOptions, seed: number, exposure: number): void {
  const { data, width, height } = image;
  const random = seededRandom(seed);
  // A table of normal samples indexed by a fast inline generator: 2 M gaussians per frame
  // would cost more than the rest of the pipeline.
  const noise = new Float32Array(noiseTableSize);
  for (let i = 0; i < noiseTableSize; i++) noise[i] = gaussian(random) * options.noiseSigma;
  let state = (Math.floor(random() * 0xffffffff) | 1) >>> 0;
  const glare = glareSpot(options);
  const { vignette } = options;
  const gx = options.lightGradient.x,
    gy = options.lightGradient.y;
  const halfW = width / 2,
    halfH = height / 2;
  for (let y = 0; y < height; y++) {
    const ny = (y - halfH) / halfH;
    const rowLight = exposure * (1 - gy * ny);
    const glareDy = y - glare.cy;
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
      const nx = (x - halfW) / halfW;
      const light = rowLight * (1 - gx * nx) * (1 - vignette * 0.5 * (nx * nx + ny * ny));
      let add = 0;
      const dx = x - glare.cx;
      const d2 = dx * dx + glareDy * glareDy;
      if (d2 < glare.reach2) add = glare.strength * Math.exp(-d2 * glare.inverse2SigmaSquared) * exposure;
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      data[o] = clamp(data[o]! * light + add + noise[state & 4095]!);
      data[o + 1] = clamp(data[o + 1]! * light + add + noise[(state >>> 12) & 4095]!);
      data[o + 2] = clamp(data[o + 2]! * light + add + noise[(state >>> 20) & 4095]!);
    }
  }
}

function glareSpot(options: CameraOptions) {
  const sigma = Math.max(1, options.glare.radius * options.width);
  return {
    cx: options.glare.x * options.width,
    cy: options.glare.y * options.height,
    strength: options.glare.strength,
    inverse2SigmaSquared: 1 / (2 * sigma * sigma),
    // Beyond 3 sigma the spot adds less than 1 %: skip the exp there.
    reach2: options.glare.strength > 0 ? 9 * sigma * sigma : -1,
  };
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v;
}
