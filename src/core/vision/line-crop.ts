// One detected text line cut out of the screen and made what tesseract reads best: dark text on a
// light ground, the full range of grey. A phone draws grey text in outlined chips, light text on
// mid-grey panels, white on saturated colour and light-on-dark themes; each line is judged on its
// own, so one picture can hold all of them. The line's ground is most of its pixels (the median);
// the text is the side of the ground that reaches further (1st or 99th percentile), and is made
// dark. The crop is then stretched from its 1st to its 99th percentile. Pure.
import { histogramOf, type GrayImage } from './gray-image.js';

export interface CropBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The pixels of `box` (rounded outwards, clipped to the picture). */
export function cutBox(image: GrayImage, box: CropBox): { crop: GrayImage; x0: number; y0: number } {
  const x0 = Math.max(0, Math.floor(box.x0)),
    y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(image.width, Math.max(x0 + 1, Math.ceil(box.x1))),
    y1 = Math.min(image.height, Math.max(y0 + 1, Math.ceil(box.y1)));
  const width = x1 - x0,
    height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), y * width);
  return { crop: { data, width, height }, x0, y0 };
}

/** Dark text on light ground, stretched from the 1st to the 99th percentile. */
export function normaliseLine(crop: GrayImage): { image: GrayImage; inverted: boolean } {
  // The pixels in a local and histogramOf's four tables: 2.0 against 3.9 ms a screen of line crops.
  const pixels = crop.data;
  const histogram = histogramOf(crop);
  const at = (share: number) => {
    const target = share * pixels.length;
    let seen = 0;
    for (let value = 0; value < 256; value++) {
      seen += histogram[value]!;
      if (seen > target) return value;
    }
    return 255;
  };
  const low = at(0.01),
    ground = at(0.5),
    high = at(0.99);
  // Light text reaches further above the ground than dark text below it.
  const inverted = high - ground > ground - low;
  const range = Math.max(1, high - low);
  const lookup = new Uint8Array(256);
  for (let value = 0; value < 256; value++) {
    const stretched = Math.min(255, Math.max(0, Math.round(((value - low) * 255) / range)));
    lookup[value] = inverted ? 255 - stretched : stretched;
  }
  const data = new Uint8Array(pixels.length);
  for (let i = 0; i < data.length; i++) data[i] = lookup[pixels[i]!]!;
  return { image: { data, width: crop.width, height: crop.height }, inverted };
}

/**
 * A line crop whose ground is lit unevenly along it (a lamp's glare spot on the glass, its edge
 * crossing the line) made even: the ground is measured in blocks of columns (the ground side's
 * 75th percentile: the ink is the minority of a block), smoothed, and each column's excess over
 * the darkest ground taken off. Glare adds light (a reflection), so it is subtracted, not divided;
 * the text keeps its contrast. A line whose ground varies by less than UNEVEN_GROUND levels is
 * returned as it is (the same object): a clean line is never touched.
 */
export function evenLineGround(crop: GrayImage): GrayImage {
  const { data, width, height } = crop;
  if (width < 4 * height || height < 6) return crop;
  const histogram = histogramOf(crop);
  const at = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value++) if ((seen += histogram[value]!) > share * data.length) return value;
    return 255;
  };
  const low = at(0.01),
    ground = at(0.5),
    high = at(0.99);
  const lightText = high - ground > ground - low;
  // Blocks about a letter wide: narrow enough to follow a spot's edge, wide enough to hold ground.
  const block = Math.max(4, Math.round(height / 2));
  const blocks = Math.ceil(width / block);
  const grounds = new Float64Array(blocks);
  const counts = new Uint16Array(256);
  for (let b = 0; b < blocks; b++) {
    counts.fill(0);
    const x0 = b * block,
      x1 = Math.min(width, x0 + block);
    for (let y = 0; y < height; y++) for (let x = x0; x < x1; x++) counts[data[y * width + x]!]!++;
    const target = (lightText ? 0.25 : 0.75) * (x1 - x0) * height;
    let seen = 0,
      value = 0;
    for (; value < 255; value++) if ((seen += counts[value]!) >= target) break;
    grounds[b] = value;
  }
  // Smoothed over three blocks: one block of dense ink must not read as a dip in the light.
  const smooth = grounds.map((_, b) => {
    const from = Math.max(0, b - 1),
      to = Math.min(blocks - 1, b + 1);
    let sum = 0;
    for (let i = from; i <= to; i++) sum += grounds[i]!;
    return sum / (to - from + 1);
  });
  const base = Math.min(...smooth);
  if (Math.max(...smooth) - base < UNEVEN_GROUND) return crop;
  const out = new Uint8Array(data.length);
  for (let x = 0; x < width; x++) {
    // Linear between blocks' centres.
    const position = Math.min(blocks - 1, Math.max(0, (x + 0.5) / block - 0.5));
    const left = Math.floor(position),
      right = Math.min(blocks - 1, left + 1);
    const excess = smooth[left]! + (smooth[right]! - smooth[left]!) * (position - left) - base;
    for (let y = 0; y < height; y++) {
      const value = data[y * width + x]! - excess;
      out[y * width + x] = value < 0 ? 0 : value > 255 ? 255 : Math.round(value);
    }
  }
  return { data: out, width, height };
}

/** Ground levels (0..255) a line's light may vary along it before it is evened. */
const UNEVEN_GROUND = 24;
