// Contrast steps on the rectified screen: invert a dark screen, flat-field (divide by a wide
// blur the caller made, which removes uneven light, vignette and glare), and stretch. Pure.
import { meanOf, percentileOf, type GrayImage } from './gray-image.js';

/** Dark screens (dark theme, lock screen) read slower and worse: make them dark-on-light. */
export function isDarkScreen(image: GrayImage): boolean {
  return meanOf(image) < 110;
}

/** A picture the way up OCR and the layout read it: `image` is the plain one inverted when `inverted`. */
export interface Upright {
  image: GrayImage;
  inverted: boolean;
}

/** Dark screens inverted, light ones as they are: the one test of which way up a picture reads. */
export function turnUpright(plain: GrayImage): Upright {
  const inverted = isDarkScreen(plain);
  return { image: inverted ? invert(plain) : plain, inverted };
}

export function invert(image: GrayImage): GrayImage {
  const out = new Uint8Array(image.data.length);
  for (let i = 0; i < out.length; i++) out[i] = 255 - image.data[i]!;
  return { ...image, data: out };
}

/** image / background, scaled so the background becomes white, then stretched (1st..99.5th percentile). */
export function flatField(image: GrayImage, background: GrayImage): GrayImage {
  const ratio = new Uint8Array(image.data.length);
  for (let i = 0; i < ratio.length; i++) {
    ratio[i] = Math.min(255, (image.data[i]! * 230) / Math.max(8, background.data[i]!));
  }
  return stretch({ ...image, data: ratio }, 0.01, 0.995);
}

export function stretch(image: GrayImage, low: number, high: number): GrayImage {
  const lo = percentileOf(image, low),
    hi = Math.max(lo + 1, percentileOf(image, high));
  const out = new Uint8Array(image.data.length);
  const scale = 255 / (hi - lo);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, (image.data[i]! - lo) * scale));
  return { ...image, data: out };
}

/** Whitens a frame of `margin` pixels: the bezel bleeds into the outermost pixels and OCR reads it as "|". */
export function clearBorder(image: GrayImage, margin: number): GrayImage {
  const data = new Uint8Array(image.data);
  const { width, height } = image;
  const side = Math.min(margin, width);
  // The top and bottom bands whole, then each row's two ends: only the frame is touched.
  data.fill(255, 0, Math.min(height, margin) * width);
  data.fill(255, Math.max(0, height - margin) * width);
  for (let y = margin; y < height - margin; y++) {
    data.fill(255, y * width, y * width + side);
    data.fill(255, (y + 1) * width - side, (y + 1) * width);
  }
  return { ...image, data };
}
