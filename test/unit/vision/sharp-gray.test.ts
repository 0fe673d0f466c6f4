// The gray pictures sharp makes for the reader, against the plain .greyscale() calls they replace
// (decode.ts: .toColourspace('b-w') gives the same pixels for less CPU), and a screenshot prepared
// from the gray its fingerprint decoded against one prepared from the PNG as before.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeGray, gaussianBlur, resized } from '../../../src/adapters/observer-camera/decode.js';
import { fingerprintScreenshot } from '../../../src/adapters/observer-camera/fingerprint-frame.js';
import { prepareScreenshot } from '../../../src/adapters/observer-camera/preprocess.js';

const WIDTH = 600,
  HEIGHT = 260;

/** Saturated and grey bands, noise and an alpha channel: every step of the colour conversion shows. */
function colours(): Buffer {
  const data = Buffer.alloc(WIDTH * HEIGHT * 4);
  let state = 7;
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const band = Math.floor((i % WIDTH) / 100);
    data[4 * i] = band % 2 ? state >> 23 : 40 * band;
    data[4 * i + 1] = band % 3 ? (state >> 15) & 255 : 200;
    data[4 * i + 2] = (state >> 7) & 255;
    data[4 * i + 3] = 255;
  }
  return data;
}

const raw = { width: WIDTH, height: HEIGHT, channels: 4 } as const;

describe("the reader's gray pictures", () => {
  it('decode, scale and blur to the pixels .greyscale() gave', async () => {
    const png = await sharp(colours(), { raw }).png().toBuffer();
    const plain = await sharp(png).removeAlpha().greyscale().raw().toBuffer();
    const gray = await decodeGray(png);
    expect(Buffer.compare(Buffer.from(gray.data), plain)).toBe(0);

    const one = { raw: { width: WIDTH, height: HEIGHT, channels: 1 } } as const;
    const scaled = await sharp(plain, one).resize(540, 234, { fit: 'fill' }).greyscale().raw().toBuffer();
    expect(Buffer.compare(Buffer.from((await resized(gray, { width: 540, height: 234 })).data), scaled)).toBe(0);
    const blurred = await sharp(plain, one).blur(12).greyscale().raw().toBuffer();
    expect(Buffer.compare(Buffer.from((await gaussianBlur(gray, 12)).data), blurred)).toBe(0);
  });

  it('prepare a screenshot from its fingerprint the way they prepared it from the PNG', async () => {
    const png = await sharp(colours(), { raw }).png().toBuffer();
    const { gray } = await fingerprintScreenshot(png);
    for (const width of [undefined, 540]) {
      const size = width ? { width, height: Math.round((width * HEIGHT) / WIDTH) } : { width: WIDTH, height: HEIGHT };
      const plain = await sharp(png)
        .removeAlpha()
        .greyscale()
        .resize(size.width, size.height, { fit: 'fill' })
        .raw()
        .toBuffer();
      const prepared = await prepareScreenshot(png, width ? { width } : {}, gray);
      expect(Buffer.compare(Buffer.from(prepared.rectified.data), plain), `width ${width ?? 'as is'}`).toBe(0);
      expect(prepared.rectified).toMatchObject(size);
    }
  });
});
