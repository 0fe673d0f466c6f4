// A soft camera frame is sharpened before it is read, and only then (core/vision/unsharp.ts): a
// synthesised screen of glyph-like strokes, sharp, blurred by a disc (defocus) and smeared by a
// streak (motion), through prepareCameraFrame. The sharp and the streaked frame are read as they
// are; the defocused one is sharpened, and its picture for OCR is sharper than the frame.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { frameStats } from '../../../src/core/vision/frame-stats.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { directionalGradients, needsSharpening, unsharpMask } from '../../../src/core/vision/unsharp.js';

const width = 600,
  height = 1000;

/** Rows of dark square rings (strokes across and along alike, 6 px thick) on a light ground. */
function strokes(): GrayImage {
  const data = new Uint8Array(width * height).fill(225);
  const fill = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) data.fill(30, y * width + x0, y * width + x0 + w);
  };
  for (let row = 60; row < height - 60; row += 48)
    for (let x = 40; x < width - 60; x += 40) {
      fill(x, row, 24, 6);
      fill(x, row + 18, 24, 6);
      fill(x, row, 6, 24);
      fill(x + 18, row, 6, 24);
    }
  return { data, width, height };
}

async function blurred(image: GrayImage, sigma: number): Promise<GrayImage> {
  const { data } = await sharp(image.data, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width, height };
}

/** The mean of the picture shifted along the rows, one copy per pixel of a 15 px streak. */
function streaked(image: GrayImage): GrayImage {
  const out = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let t = -7; t <= 7; t++) sum += image.data[y * width + Math.min(width - 1, Math.max(0, x + t))]!;
      out[y * width + x] = Math.round(sum / 15);
    }
  return { data: out, width, height };
}

/** The screen in a camera picture 50 px larger each side, its ground carried on (no edge to measure there). */
const png = (image: GrayImage) =>
  sharp(image.data, { raw: { width, height, channels: 1 } })
    .extend({ top: 50, bottom: 50, left: 50, right: 50, background: { r: 225, g: 225, b: 225 } })
    .png()
    .toBuffer();
const calibration = {
  deviceSize: { width, height },
  screenCorners: [
    { x: 50, y: 50 },
    { x: 50 + width, y: 50 },
    { x: 50 + width, y: 50 + height },
    { x: 50, y: 50 + height },
  ],
};

describe('sharpening a soft camera frame', () => {
  it('sharpens a defocused frame and leaves a sharp or a streaked frame as it is', async () => {
    const sharpFrame = strokes();
    const defocused = await blurred(sharpFrame, 5);
    const streak = streaked(await blurred(sharpFrame, 4));
    expect(needsSharpening(sharpFrame, frameStats(sharpFrame))).toBe(false);
    expect(needsSharpening(defocused, frameStats(defocused))).toBe(true);
    // As soft as the defocused frame by the sharpness measure, but along one direction only.
    expect(frameStats(streak).sharpness).toBeLessThan(38);
    const { across, along } = directionalGradients(streak);
    expect(along / across).toBeGreaterThan(1.4);
    expect(needsSharpening(streak, frameStats(streak))).toBe(false);

    const soft = await prepareCameraFrame(await png(defocused), calibration);
    expect(soft.sharpened).toBe(true);
    expect(frameStats(soft.upright!).sharpness).toBeGreaterThan(1.15 * frameStats(soft.rectified).sharpness);
    for (const frame of [sharpFrame, streak]) {
      const prepared = await prepareCameraFrame(await png(frame), calibration);
      expect(prepared.sharpened).toBeUndefined();
      expect(prepared.upright!.data).toEqual(prepared.rectified.data);
    }
  }, 30_000);

  it('refuses a blurred picture of another size, naming both sizes', () => {
    const image = strokes();
    expect(() => unsharpMask(image, { data: new Uint8Array(4), width: 2, height: 2 })).toThrow(/2x2.*600x1000/);
  });
});

describe('frame measures kept per picture', () => {
  it('measures a picture once: the same object again gives the same figures, a changed copy its own', () => {
    const image = strokes();
    const first = frameStats(image);
    expect(frameStats(image)).toEqual(first);
    // A fresh object of other pixels is measured anew (the keep is by object, never by size).
    const flat = { data: new Uint8Array(width * height).fill(200), width, height };
    expect(frameStats(flat).sharpness).toBe(0);
  });
});
