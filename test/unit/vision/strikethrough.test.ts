// A struck-through line (a to-do list's done item) loses its rule and keeps its glyphs: rendered
// in Roboto, grey on white, with the rule where Android draws it (0.26 em above the baseline,
// 1/18 em thick), then made dark-on-light as the stacked read does. The cleaned line is close to
// the same line drawn without the rule (an "e"'s bar, where the rule runs, kept), and a line
// without a rule is left as it is.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { normaliseLine } from '../../../src/core/vision/line-crop.js';
import { withoutRules } from '../../../src/core/vision/strikethrough.js';

const SIZE = 42;
const BASELINE = 40;

async function line(text: string, struck: boolean, colour = '#9e9e9e'): Promise<GrayImage> {
  const width = 640,
    height = 54;
  const rule = struck
    ? `<rect x="8" y="${BASELINE - 0.26 * SIZE}" width="${textWidth(text)}" height="${SIZE / 18}" fill="${colour}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="white"/><text x="8" y="${BASELINE}" font-family="Roboto" font-size="${SIZE}" fill="${colour}">${text}</text>${rule}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return normaliseLine({ data: new Uint8Array(data), width: info.width, height: info.height }).image;
}

/** About Roboto's advance at SIZE: the rule spans the text as Android draws it. */
const textWidth = (text: string) => Math.round(text.length * SIZE * 0.5);

function longestInkRun({ data, width, height }: GrayImage): number {
  let longest = 0;
  for (let y = 0; y < height; y++) {
    let run = 0;
    for (let x = 0; x < width; x++) {
      run = data[y * width + x]! < 190 ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
  }
  return longest;
}

/** The mean absolute difference of two pictures of one size, gray levels. */
function difference(a: GrayImage, b: GrayImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / a.data.length;
}

describe('withoutRules', () => {
  it('paints a strikethrough rule over and keeps the glyphs it crosses', async () => {
    for (const text of ['Swipe an item right to edit it', 'Hello World', 'Long click a list to move it']) {
      const struck = await line(text, true),
        plain = await line(text, false);
      expect(longestInkRun(struck)).toBeGreaterThan(3 * struck.height);
      const cleaned = withoutRules(struck);
      expect(cleaned).not.toBe(struck);
      expect(longestInkRun(cleaned), text).toBeLessThan(struck.height);
      // Much nearer the line drawn without the rule than the struck line was.
      expect(difference(cleaned, plain), text).toBeLessThan(0.35 * difference(struck, plain));
    }
  });

  it("keeps an e's bar where the rule runs through it", async () => {
    const cleaned = withoutRules(await line('eee eee eee eee', true, '#000000'));
    const plain = await line('eee eee eee eee', false, '#000000');
    // The rows of the rule: every "e" keeps its bar there (the plain line's ink in those rows).
    const y = Math.round(BASELINE - 0.26 * SIZE);
    let bar = 0,
      kept = 0;
    for (let x = 0; x < plain.width; x++)
      if (plain.data[y * plain.width + x]! < 128) {
        bar++;
        if (cleaned.data[y * plain.width + x]! < 128) kept++;
      }
    expect(bar).toBeGreaterThan(50);
    // The bars painted over with the rule keep only the strokes crossing it: 0.23 of that ink.
    expect(kept / bar).toBeGreaterThan(0.5);
  });

  it('leaves a line without a rule as it is, an underline-free heading and a row of dashes too short', async () => {
    for (const text of ['Hello World', 'Settings — Display', 'AJShA Android Java Shell App']) {
      const plain = await line(text, false, '#000000');
      expect(withoutRules(plain)).toBe(plain);
    }
  });
});
