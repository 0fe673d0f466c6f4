// Sensor noise in low light: a dim scene needs analog gain, and the picture's noise is then the
// photon shot noise of the few electrons a pixel collects plus the read noise, both multiplied
// by the gain, seen through the output's gamma (which stretches the shadows). Per 8-bit level
// the noise's spread is computed once (a table); each channel draws its own sample (colour noise).
//
// Sensor figures: full well about 3 400 e-/µm² and read noise about 3 e- were measured on the Pi
// HQ camera's IMX477 (strollswithmydog.com, "Pi HQ Cam Sensor Performance": FWC 8 180 e- for a
// 1.55 µm pixel, read noise 3 e- at gain 1); for the Camera Module 2's IMX219 (1.12 µm) that gives
// ~4 300 e-; the picture's 1640×1232 mode bins 2×2 of them: ~17 000 e- and ~6 e- read noise.
import type { RawImage } from '../../core/vision/warp.js';
import { gaussian, seededRandom } from './prng.js';

const FULL_WELL_ELECTRONS = 17_000;
const READ_NOISE_ELECTRONS = 6;
const GAMMA = 2.2;

/** The noise's standard deviation, in 8-bit levels, at each output level for this analog gain. */
export function lowLightSigmaTable(gain: number): Float32Array {
  const table = new Float32Array(256);
  const whiteElectrons = FULL_WELL_ELECTRONS / gain;
  for (let level = 0; level < 256; level++) {
    // A shadow's gamma slope is steep; below 0.2 % of white the read noise alone is seen.
    const linear = Math.max(0.002, Math.pow(level / 255, GAMMA));
    const electrons = linear * whiteElectrons;
    const spread = Math.sqrt(electrons + READ_NOISE_ELECTRONS * READ_NOISE_ELECTRONS) / whiteElectrons;
    const slope = (255 / GAMMA) * Math.pow(linear, 1 / GAMMA - 1);
    table[level] = Math.min(40, spread * slope);
  }
  return table;
}

export function addLowLightNoise(image: RawImage, gain: number, seed: number): RawImage {
  if (gain <= 0) return image;
  const sigma = lowLightSigmaTable(gain);
  const random = seededRandom(seed ^ 0x27d4eb2d);
  const normal = new Float32Array(4096);
  for (let i = 0; i < normal.length; i++) normal[i] = gaussian(random);
  let state = (Math.floor(random() * 0xffffffff) | 1) >>> 0;
  const { data } = image;
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const v = data[i]! + sigma[data[i]!]! * normal[state & 4095]!;
    out[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return { data: out, width: image.width, height: image.height };
}
