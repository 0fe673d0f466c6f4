// Decodes a camera picture (JPEG or PNG bytes) into a gray image with sharp.
import sharp from 'sharp';
import { toGray, type GrayImage } from '../../core/vision/gray-image.js';

export async function decodeGray(image: Uint8Array): Promise<GrayImage> {
  const { data, info } = await sharp(image).removeAlpha().greyscale().raw().toBuffer({ resolveWithObject: true });
  return toGray(new Uint8Array(data.buffer, data.byteOffset, data.length), info.width, info.height, info.channels);
}

export async function encodePng(image: GrayImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
}

export async function gaussianBlur(image: GrayImage, sigma: number): Promise<GrayImage> {
  const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
    .blur(sigma)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: image.width, height: image.height };
}
