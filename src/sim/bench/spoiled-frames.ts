// A transient bench fault for the quality gate's tests: the next N camera pictures spoiled after
// the camera model made them — blurred (defocus), banded (a PWM-dimmed display under a rolling
// shutter: stripes across the sensor's rows whose phase moves from frame to frame), moved (the
// phone shifted a few pixels, alternately left and right) or noisy. Small and self-contained on
// purpose: it belongs folded onto the camera model's own fault models (src/sim/camera/optics.ts)
// once those exist, and then this file goes.
import sharp from 'sharp';
import { gaussian, mixSeed, seededRandom } from '../camera/prng.js';

export const SPOIL_KINDS = ['blur', 'banding', 'movement', 'noise'] as const;
export type SpoilKind = (typeof SPOIL_KINDS)[number];

/** Default strengths: blur sigma (camera px), band depth (share of the light), shift (camera px), noise sigma (levels). */
export const DEFAULT_SPOIL_STRENGTH: Record<SpoilKind, number> = { blur: 4, banding: 0.25, movement: 6, noise: 14 };

/** Rows per stripe of the banding (a 240 Hz PWM across a 30 fps rolling shutter gives tens of rows). */
const BAND_PERIOD_ROWS = 48;

/** The JPEG `jpeg` spoiled as `kind` at `strength`; `index` (the frame's sequence) moves the stripes and the shift. */
export async function spoilFrame(jpeg: Uint8Array, kind: SpoilKind, strength: number, index: number): Promise<Buffer> {
  if (kind === 'blur') return sharp(jpeg).blur(Math.max(0.3, strength)).jpeg({ quality: 90 }).toBuffer();
  const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const out = Buffer.alloc(data.length);
  if (kind === 'banding') {
    const phase = (index * 0.37) % 1;
    for (let y = 0; y < height; y++) {
      const gain = 1 - strength * (0.5 + 0.5 * Math.sin(2 * Math.PI * (y / BAND_PERIOD_ROWS + phase)));
      for (let i = y * width * channels, end = i + width * channels; i < end; i++) out[i] = data[i]! * gain;
    }
  } else if (kind === 'movement') {
    const dx = Math.round(strength) * (index % 2 ? 1 : -1);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const from = Math.min(width - 1, Math.max(0, x - dx));
        for (let c = 0; c < channels; c++)
          out[(y * width + x) * channels + c] = data[(y * width + from) * channels + c]!;
      }
  } else {
    const random = seededRandom(mixSeed(0x5eed, index));
    for (let i = 0; i < data.length; i++) out[i] = Math.min(255, Math.max(0, data[i]! + strength * gaussian(random)));
  }
  return sharp(out, { raw: { width, height, channels } }).jpeg({ quality: 90 }).toBuffer();
}
