// Decodes a camera picture (JPEG or PNG bytes) into a gray image with sharp, and encodes gray
// pictures for OCR. A gray picture leaves sharp by .toColourspace('b-w'), not .greyscale(): the
// same pixels (every pixel of the real-apps screenshots decoded, of their line crops scaled, of the
// detector's inputs and of a blur; PNGs with alpha, a palette or 16 bits, JPEG), for less CPU
// (decoding a 1080x2340 PNG gray 43 against 52 ms, its flat-field blur 60 against 70).
import sharp from 'sharp';
import { toGray, type GrayImage } from '../../core/vision/gray-image.js';

export async function decodeGray(image: Uint8Array): Promise<GrayImage> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return toGray(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, info.channels);
}

/**
 * A gray picture as OCR takes it: binary PGM (P5), which leptonica reads natively. A PNG was
 * compressed here and decompressed in the worker for nothing: on a camera page (480 KB as PNG)
 * that cost tens of ms per read, and tesseract reads the same pixels either way (the same lines,
 * measured).
 */
export function encodeForOcr(image: GrayImage): Uint8Array {
  const { pgm, pixels } = blankPgm(image.width, image.height);
  pixels.set(image.data.subarray(0, image.width * image.height));
  return pgm;
}

/**
 * A picture of `width` x `height` framed as encodeForOcr frames one, its `pixels` a view into the
 * `pgm`'s bytes: a picture drawn there needs no copy to be read (a stack of lines, ~2.6 MB).
 */
export function blankPgm(width: number, height: number): { pgm: Uint8Array; pixels: Uint8Array } {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const pgm = new Uint8Array(header.length + width * height);
  pgm.set(header);
  return { pgm, pixels: pgm.subarray(header.length) };
}

export async function gaussianBlur(image: GrayImage, sigma: number): Promise<GrayImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .blur(sigma)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: image.width, height: image.height };
}

/** `image` scaled to `size` (sharp's default kernel). */
export async function resized(image: GrayImage, size: { width: number; height: number }): Promise<GrayImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .resize(size.width, size.height, { fit: 'fill' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), ...size };
}
