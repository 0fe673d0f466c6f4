// Shared measures for the layout detectors: the picture the right way up (dark screens inverted,
// so controls are darker than the page in both themes), its page level, and dp <-> pixel scales.
// Pure.
import type { Size } from './calibration.js';
import { turnUpright, type Upright } from './contrast.js';
import type { GrayImage } from './gray-image.js';
import type { Box } from './screen-model.js';

export interface LayoutPicture {
  /** Rectified, device-aligned, dark screens inverted: the page is light, controls and text dark. */
  image: GrayImage;
  /** The plain rectified picture (not inverted). */
  plain: GrayImage;
  inverted: boolean;
  /** The page's level: the median of the upright picture. */
  ground: number;
  /** Image pixels per dp (a phone is about 360 dp wide). */
  px: number;
  /** Device pixels per image pixel. */
  toDevice: number;
  deviceSize: Size;
}

/** `upright`: the same picture already turned by turnUpright (the reader's preprocessing did), not turned again. */
export function layoutPicture(rectified: GrayImage, deviceSize: Size, upright?: Upright): LayoutPicture {
  const { image, inverted } = upright ?? turnUpright(rectified);
  return {
    image,
    plain: rectified,
    inverted,
    ground: sampledMedian(image),
    px: image.width / 360,
    toDevice: deviceSize.width / image.width,
    deviceSize,
  };
}

/** An image-pixel rectangle (x0, y0 inclusive; x1, y1 exclusive) as a device-pixel box. */
export function toDeviceBox(picture: LayoutPicture, x0: number, y0: number, x1: number, y1: number): Box {
  const s = picture.toDevice;
  return {
    x: Math.round(x0 * s),
    y: Math.round(y0 * s),
    width: Math.round((x1 - x0) * s),
    height: Math.round((y1 - y0) * s),
  };
}

export function meanIn(image: GrayImage, x0: number, y0: number, x1: number, y1: number): number {
  x0 = Math.max(0, Math.floor(x0));
  y0 = Math.max(0, Math.floor(y0));
  x1 = Math.min(image.width, Math.ceil(x1));
  y1 = Math.min(image.height, Math.ceil(y1));
  let sum = 0,
    n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0, i = y * image.width + x0; x < x1; x++, i++) {
      sum += image.data[i]!;
      n++;
    }
  return n ? sum / n : 0;
}

/** The level below which `share` of a rectangle's pixels lie (image pixels), every `step`-th pixel each way counted. */
export function percentileIn(
  image: GrayImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  share: number,
  step = 1,
): number {
  const histogram = new Array<number>(256).fill(0);
  let n = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, y1); y += step)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, x1); x += step) {
      histogram[image.data[y * image.width + x]!]!++;
      n++;
    }
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= share * n) return v;
  return 255;
}

export function sampledMedian(image: GrayImage): number {
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < image.data.length; i += 7) histogram[image.data[i]!]!++;
  const half = histogram.reduce((a, b) => a + b, 0) / 2;
  let seen = 0;
  for (let v = 0; v < 256; v++) if ((seen += histogram[v]!) >= half) return v;
  return 255;
}

/** Intersection over union of two boxes (0..1). */
export function iou(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
