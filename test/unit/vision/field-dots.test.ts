// A password field's dots are read from the field's pixels when the line detector boxed only part
// of them or none: a row of equal filled discs inside a field is a run of "•", and what was read
// over it gives way. Nothing outside fields, nothing among letters, nothing cut by the field's edge.
import { describe, expect, it } from 'vitest';
import { discs } from '../../support/disc-picture.js';
import { findDiscRuns, withFieldDots } from '../../../src/adapters/observer-camera/field-dots.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { lineOfWords, type OcrLine } from '../../../src/core/vision/ocr-line.js';
import type { ShapeHint } from '../../../src/core/vision/screen-elements.js';

/** A line of one word, its box in device pixels. */
const line = (text: string, x: number, y: number, width: number, height: number): OcrLine =>
  lineOfWords([{ text, confidence: 0.9, box: { x, y, width, height } }]);

const five: [number, number][] = [54, 65, 76, 86, 97].map((x) => [x, 282]);
/** The device is twice the picture's size. */
const toDevice = { x: 2, y: 2 };
const field: ShapeHint = { kind: 'field', box: { x: 40, y: 440, width: 320, height: 200 } };
/** The field's hint and a title: the page's lines are about 18 picture pixels high. */
const page = [line('Password', 100, 464, 182, 34), line('Wi-Fi', 60, 100, 110, 36)];

describe('withFieldDots', () => {
  it("adds a field's five dots that nothing was read over, in the device's pixels", () => {
    const lines = withFieldDots(page, discs(200, 340, 9, five), [field], toDevice);
    const dots = lines.find((l) => l.text.startsWith('•'));
    expect(dots?.text).toBe('•••••');
    expect(dots!.box.x).toBeCloseTo(2 * 50, -1);
    expect(dots!.box.y).toBeCloseTo(2 * 278, -1);
    expect(lines.map((l) => l.text)).toEqual(['Wi-Fi', 'Password', '•••••']);
  });

  it('replaces what was read over part of the dots (the stack read two of them "74")', () => {
    const lines = withFieldDots(
      [...page, line('74', 2 * 72, 2 * 279, 28, 12)],
      discs(200, 340, 9, five),
      [field],
      toDevice,
    );
    expect(lines.map((l) => l.text)).toEqual(['Wi-Fi', 'Password', '•••••']);
  });

  it('finds nothing outside fields, and leaves the lines as they were', () => {
    const elsewhere: ShapeHint = { kind: 'button', box: field.box };
    expect(withFieldDots(page, discs(200, 340, 9, five), [elsewhere], toDevice)).toBe(page);
  });
});

describe('findDiscRuns', () => {
  const area = { x0: 20, y0: 220, x1: 180, y1: 320 };

  it('finds one run of five, not three dots or dots spread apart', () => {
    expect(findDiscRuns(discs(200, 340, 9, five), area, 4, 18)).toEqual([expect.objectContaining({ count: 5 })]);
    expect(findDiscRuns(discs(200, 340, 9, five.slice(0, 2)), area, 4, 18)).toEqual([]);
    const spread: [number, number][] = [40, 80, 120, 160].map((x) => [x, 282]);
    expect(findDiscRuns(discs(200, 340, 9, spread), area, 4, 18)).toEqual([]);
  });

  it('finds nothing where other ink stands among the discs (the dots of letters)', () => {
    const image = discs(200, 340, 9, five);
    for (let y = 270; y < 295; y++) image.data[y * 200 + 70] = 30;
    expect(findDiscRuns(image, area, 4, 18)).toEqual([]);
  });

  it("finds nothing in discs cut by the area's edge (the feet of letters above a field)", () => {
    expect(findDiscRuns(discs(200, 340, 9, five), { ...area, y0: 283 }, 4, 18)).toEqual([]);
  });

  it('finds nothing in dots smaller than asked (an ellipsis)', () => {
    expect(findDiscRuns(discs(200, 340, 4, five), area, 5, 18)).toEqual([]);
  });
});
