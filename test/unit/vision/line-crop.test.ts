// A detected line made dark-on-light and stretched, whatever it was drawn as: white on a
// saturated colour and light text on mid-grey are inverted, grey text on white is not, and both
// come out spanning black to white.
import { describe, expect, it } from 'vitest';
import { cutBox, evenLineGround, normaliseLine } from '../../../src/core/vision/line-crop.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';

/** A 60×20 line: ground everywhere, text strokes in columns 10..50 of rows 6..14 every other column. */
function line(ground: number, ink: number): GrayImage {
  const width = 60,
    height = 20;
  const data = new Uint8Array(width * height).fill(ground);
  for (let y = 6; y < 14; y++) for (let x = 10; x < 50; x += 2) data[y * width + x] = ink;
  return { data, width, height };
}

describe('normaliseLine', () => {
  it('inverts light text on a darker ground (white on green, light on mid-grey)', () => {
    for (const [ground, ink] of [
      [120, 250],
      [90, 200],
    ] as const) {
      const { image, inverted } = normaliseLine(line(ground, ink));
      expect(inverted).toBe(true);
      expect(image.data[0]).toBe(255);
      expect(image.data[6 * 60 + 10]).toBe(0);
    }
  });

  it('keeps grey text on a light ground the right way up, and stretches it to black', () => {
    const { image, inverted } = normaliseLine(line(250, 150));
    expect(inverted).toBe(false);
    expect(image.data[0]).toBe(255);
    expect(image.data[6 * 60 + 10]).toBe(0);
  });

  it('cuts a box rounded outwards and clipped to the picture', () => {
    const { crop, x0, y0 } = cutBox(line(250, 0), { x0: 55.5, y0: -3, x1: 70, y1: 4.2 });
    expect({ x0, y0, width: crop.width, height: crop.height }).toEqual({ x0: 55, y0: 0, width: 5, height: 5 });
  });
});

describe('evenLineGround', () => {
  /** A 200×20 line of dark strokes on a ground of 200, a glare adding `glare` levels over its right half. */
  function glaredLine(glare: number): GrayImage {
    const width = 200,
      height = 20;
    const data = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const ink = y >= 6 && y < 14 && x >= 10 && x < 190 && x % 3 === 0;
        data[y * width + x] = Math.min(255, (ink ? 40 : 200) + (x >= 100 ? glare : 0));
      }
    return { data, width, height };
  }

  it('leaves a line with even ground as it is (the same object)', () => {
    const clean = glaredLine(0);
    expect(evenLineGround(clean)).toBe(clean);
  });

  it("takes a glare spot's added light off the ground and the text under it", () => {
    const evened = evenLineGround(glaredLine(50));
    const at = (x: number, y: number) => evened.data[y * 200 + x]!;
    // Ground and ink far into the spot come back to the levels outside it.
    expect(Math.abs(at(160, 2) - at(40, 2))).toBeLessThan(6);
    expect(Math.abs(at(159, 8) - at(39, 8))).toBeLessThan(6);
    // And stretched, the text under the spot is as dark as the text outside it.
    const { image } = normaliseLine(evened);
    expect(Math.abs(image.data[8 * 200 + 159]! - image.data[8 * 200 + 39]!)).toBeLessThan(10);
  });
});
