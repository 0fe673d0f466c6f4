// OCR is handed binary PGM rather than PNG (decode.ts encodeForOcr): no compression here and no
// decompression in the worker. Leptonica must read it as the very same pixels: the same lines,
// words, boxes and confidences as from a PNG of that picture, on a real camera page.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeForOcr } from '../../../src/adapters/observer-camera/decode.js';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';

const FRAME = 'test/fixtures/ocr-corpus/shop-checkout-default/00001';
let pool: TesseractPool;
beforeAll(async () => {
  pool = await TesseractPool.start(1);
});
afterAll(async () => {
  await pool.close();
});

describe('the picture OCR is given', () => {
  it('is a binary PGM of the gray picture', () => {
    const pgm = encodeForOcr({ data: new Uint8Array([0, 128, 255, 7, 8, 9]), width: 3, height: 2 });
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe('P5\n3 2\n255\n');
    expect(Array.from(pgm.subarray(11))).toEqual([0, 128, 255, 7, 8, 9]);
  });

  it('reads exactly as the PNG of the same pixels on a camera page', async () => {
    const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
    const prepared = await prepareCameraFrame(readFileSync(`${FRAME}.camera.jpg`), {
      deviceSize: truth.deviceSize,
      screenCorners: truth.screenCorners,
    });
    const { image } = prepared;
    const png = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
      .png()
      .toBuffer();
    const fromPng = await pool.recognize(png);
    const fromPgm = await pool.recognize(encodeForOcr(image));
    expect(fromPng.length).toBeGreaterThan(3);
    expect(fromPgm).toEqual(fromPng);
  });
});
