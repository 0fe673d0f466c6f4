// Text fields as real apps draw them, which the virtual phone's rules missed: an outlined box
// whose hint starts at its left (a centred label is an outlined button's), and an underline on a
// white dialog over a scrim dark enough that the whole screen is read inverted.
import { describe, expect, it } from 'vitest';
import { buildElements } from '../../../src/core/vision/build-elements.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import type { OcrLine } from '../../../src/core/vision/ocr-line.js';
import type { ShapeHint } from '../../../src/core/vision/screen-elements.js';

const size = { width: 1080, height: 2400 };

/** A line of one word at x, y, 30 px per character, 40 px high. */
function line(text: string, x: number, y: number): OcrLine {
  const box = { x, y, width: text.length * 30, height: 40 };
  return { text, confidence: 0.9, words: [{ text, box, confidence: 0.9 }], box };
}

describe('an outlined box with its text at the left is a field (build-elements.ts)', () => {
  const box = { x: 60, y: 400, width: 960, height: 100 };
  const kindOf = (shape: ShapeHint, text: OcrLine) => buildElements(size, [text], { shapes: [shape] }).elements[0]!;

  it('is a field, unfocused, when outlined and its hint starts at the left', () => {
    const element = kindOf({ kind: 'button', outlined: true, box }, line('Add', 140, 430));
    expect(element.kind).toBe('field');
    expect(element.state).toEqual({ focused: false });
    expect(element.text).toBe('Add');
  });

  it('is a field with its label and its typed text apart, unfocused, when it holds two lines', () => {
    const tall = { x: 60, y: 400, width: 960, height: 140 };
    const { elements } = buildElements(size, [line('Name', 140, 410), line('Alice', 140, 470)], {
      shapes: [{ kind: 'button', outlined: true, box: tall }],
    });
    expect(elements.map((element) => [element.kind, element.text, element.state])).toEqual([
      ['field', 'Name', { focused: false }],
      ['text', 'Alice', {}],
    ]);
  });

  it('stays a button when its label is centred, or when it is filled', () => {
    expect(kindOf({ kind: 'button', outlined: true, box }, line('Details', 435, 430)).kind).toBe('button');
    expect(kindOf({ kind: 'button', box }, line('Add', 140, 430)).kind).toBe('button');
  });
});

describe('an underlined field on a white dialog over a dark scrim (detect-layout.ts)', () => {
  // 720 x 1600 px, 2 px per dp; the device is 1.5 times that.
  const width = 720,
    height = 1600;
  const fill = (image: GrayImage, x0: number, y0: number, x1: number, y1: number, level: number) => {
    for (let y = y0; y < y1; y++) image.data.fill(level, y * width + x0, y * width + x1);
  };

  it('finds the underline in the card, its field no taller than the card', () => {
    const image: GrayImage = { data: new Uint8Array(width * height).fill(60), width, height };
    fill(image, 50, 600, 670, 1000, 255); // the card, 310 x 200 dp
    fill(image, 80, 620, 140, 660, 40); // a word of its hint, dark
    fill(image, 80, 680, 640, 684, 183); // the field's 2 dp accent underline, 40 dp below the card's top
    const layout = detectLayout(image, { width: width * 1.5, height: height * 1.5 });
    expect(layout.regions?.map((region) => region.kind)).toEqual(['dialog']);
    const fields = layout.shapes!.filter((shape) => shape.kind === 'field');
    expect(fields).toHaveLength(1);
    const field = fields[0]!.box;
    expect(field.y + field.height).toBeGreaterThanOrEqual(680 * 1.5);
    expect(field.y + field.height).toBeLessThanOrEqual(690 * 1.5);
    expect(field.y).toBeGreaterThanOrEqual(600 * 1.5);
  });
});
