// Decodes a camera picture (JPEG or PNG bytes) into a gray image with sharp, and encodes gray
// pictures for OCR.
import sharp from 'sharp';
import { toGray, type GrayImage } from '../../core/vision/gray-image.js';

export async function decodeGray(image: Uint8Array): Promise<GrayImage> {
  const { data, info } = await sharp(image).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  return toGray(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, info.channels);
}

/**
 * A gray picture as OCR takes it: binary PGM (P5), which leptonica reads natively. A PNG was
 * compressed here and decompressed in the worker for nothing: on a camera page (480 KB as PNG)
 * that cost tens of ms per read, and tesseract reads the same pixels either way (the same lines,
 * measured).
 */
export function encodeForOcr(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  const pgm = new Uint8Array(header.length + image.width * image.height);
  pgm.set(header);
  pgm.set(image.data.subarray(0, image.width * image.height), header.length);
  return pgm;
}

export async function gaussianBlur(image: GrayImage, sigma: number): Promise<GrayImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .blur(sigma)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: image.width, height: image.height };
}
