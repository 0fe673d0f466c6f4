// Light and sensor effects on the warped picture: uneven light (gradient and vignette), a glare
// spot, exposure, and seeded sensor noise. The result is a new picture; the warped one is kept
// as it was (a camera reuses it for the next exposure of an unchanged screen).
import type { CameraOptions } from './camera-options.js';
import { gaussian, seededRandom } from './prng.js';
import type { RawImage } from '../../core/vision/warp.js';

const noiseTableSize = 4096;

export function applyOptics(image: RawImage, options: CameraOptions, seed: number, exposure: number): RawImage {
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
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
  const halfVignette = vignette * 0.5;
  // What depends on the column alone, computed once (the same doubles as inline: same bytes).
  const columnGradient = new Float64Array(width),
    columnSquare = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const nx = (x - halfW) / halfW;
    columnGradient[x] = 1 - gx * nx;
    columnSquare[x] = nx * nx;
  }
  for (let y = 0; y < height; y++) {
    const ny = (y - halfH) / halfH;
    const rowLight = exposure * (1 - gy * ny);
    const rowSquare = ny * ny;
    const glareDy = y - glare.cy;
    // The columns the glare can reach on this row, a pixel wide of the exact test below.
    const glareHalf = Math.sqrt(Math.max(0, glare.reach2 - glareDy * glareDy)) + 1;
    const glareFrom = glare.reach2 > glareDy * glareDy ? glare.cx - glareHalf : Infinity,
      glareTo = glare.cx + glareHalf;
    for (let x = 0, o = y * width * 3; x < width; x++, o += 3) {
      const light = rowLight * columnGradient[x]! * (1 - halfVignette * (columnSquare[x]! + rowSquare));
      let add = 0;
      if (x >= glareFrom && x <= glareTo) {
        const dx = x - glare.cx;
        const d2 = dx * dx + glareDy * glareDy;
        if (d2 < glare.reach2) add = glare.strength * Math.exp(-d2 * glare.inverse2SigmaSquared) * exposure;
      }
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      out[o] = clamp(data[o]! * light + add + noise[state & 4095]!);
      out[o + 1] = clamp(data[o + 1]! * light + add + noise[(state >>> 12) & 4095]!);
      out[o + 2] = clamp(data[o + 2]! * light + add + noise[(state >>> 20) & 4095]!);
    }
  }
  return { data: out, width, height };
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
