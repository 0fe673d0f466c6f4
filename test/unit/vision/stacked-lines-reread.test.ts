// Which lines the stacked read reads again: a doubtful line of text is, a doubtful crop of one or
// two glyphs (an icon beside the text: "<€", "Oo") is not, since a second reading of an icon found
// an icon again at a tesseract job's cost; the doubtful lines are read again together, in one job.
// An engine that reads every crop at low confidence counts its jobs.
import { describe, expect, it } from 'vitest';
import type { OcrEngine, RawLine } from '../../../src/core/ports/ocr.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { LINE_HEIGHT, readStackedLines } from '../../../src/adapters/observer-camera/stacked-lines.js';

/** The stack's white between crops (stacked-lines.ts GAP). */
const GAP = 24;

/**
 * Reads every crop of a stack as one doubtful word filling it (`readings`, by the crop's place in
 * the stack; after the first picture `again` when given), and remembers each picture's crop count.
 */
class DoubtfulEngine implements OcrEngine {
  readonly jobs: number[] = [];
  again?: [string, number][];

  constructor(private readonly readings: [string, number][] = []) {}

  async recognize(image: Uint8Array): Promise<RawLine[]> {
    const [, width, height] = new TextDecoder().decode(image.subarray(0, 32)).split(/\s+/).map(Number);
    const crops = Math.round((height! - GAP) / (LINE_HEIGHT + GAP));
    const readings = this.jobs.length && this.again ? this.again : this.readings;
    this.jobs.push(crops);
    return Array.from({ length: crops }, (_, index) => {
      const y0 = GAP + index * (LINE_HEIGHT + GAP);
      const [text, confidence] = readings[index] ?? ['word', 30];
      const word = { text, confidence, x0: 8, y0, x1: width! - 8, y1: y0 + LINE_HEIGHT };
      return { ...word, words: [word] };
    });
  }

  async close(): Promise<void> {}
}

function page(): GrayImage {
  const width = 400,
    height = 60;
  const data = new Uint8Array(width * height).fill(230);
  // Ink in both boxes, so each crop has a range to stretch.
  for (let y = 14; y < 26; y++) for (let x = 12; x < 300; x += 3) data[y * width + x] = 20;
  return { data, width, height };
}

describe('readStackedLines: doubtful lines read again', () => {
  it('reads a doubtful line of text again, and not a doubtful crop one glyph wide', async () => {
    const engine = new DoubtfulEngine();
    const text = { x0: 10, y0: 10, x1: 210, y1: 30 };
    const icon = { x0: 280, y0: 10, x1: 300, y1: 30 };
    const lines = await readStackedLines(engine, page(), [text, icon]);
    expect(lines).toHaveLength(2);
    // The stack of both, then the line of text alone: the icon's crop (40 px wide at 40 px high) is not read again.
    expect(engine.jobs).toEqual([2, 1]);
  });

  it('reads all the doubtful lines again in one stack', async () => {
    const engine = new DoubtfulEngine();
    const boxes = [
      { x0: 10, y0: 10, x1: 140, y1: 30 },
      { x0: 150, y0: 10, x1: 300, y1: 30 },
      { x0: 10, y0: 12, x1: 290, y1: 28 },
    ];
    const lines = await readStackedLines(engine, page(), boxes);
    expect(lines).toHaveLength(3);
    expect(engine.jobs).toEqual([3, 3]);
  });

  it('keeps the surer reading of each line', async () => {
    // The second stack reads the first line surer than the stack did, the second less sure.
    const engine = new DoubtfulEngine([
      ['first', 30],
      ['second', 30],
    ]);
    engine.again = [
      ['first again', 70],
      ['second again', 10],
    ];
    const lines = await readStackedLines(engine, page(), [
      { x0: 10, y0: 10, x1: 140, y1: 30 },
      { x0: 150, y0: 10, x1: 300, y1: 30 },
    ]);
    expect(lines.map((line) => line.text)).toEqual(['first again', 'second']);
  });
});

/**
 * Reads the first stack's crop as an icon beside a sure wrong number ("Vv 32%", as Debian's fast
 * model read the status bar's "▼ 82%"), and any later picture as "82%": remembers the widths.
 */
class IconBesideTextEngine implements OcrEngine {
  readonly widths: number[] = [];

  async recognize(image: Uint8Array): Promise<RawLine[]> {
    const [, width] = new TextDecoder().decode(image.subarray(0, 32)).split(/\s+/).map(Number);
    this.widths.push(width!);
    const y0 = GAP,
      y1 = GAP + LINE_HEIGHT;
    const words =
      this.widths.length === 1
        ? [
            { text: 'Vv', confidence: 68, x0: 24, y0, x1: 60, y1 },
            { text: '32%', confidence: 81, x0: 80, y0, x1: width! - 24, y1 },
          ]
        : [{ text: '82%', confidence: 47, x0: 24, y0, x1: width! - 24, y1 }];
    return [{ text: words.map((w) => w.text).join(' '), confidence: 68, x0: 24, y0, x1: width! - 24, y1, words }];
  }

  async close(): Promise<void> {}
}

describe('readStackedLines: an icon at a line end', () => {
  it('reads the line again without the icon and keeps that reading, though tesseract was surer of the first', async () => {
    const engine = new IconBesideTextEngine();
    const [line] = await readStackedLines(engine, page(), [{ x0: 10, y0: 10, x1: 210, y1: 30 }]);
    expect(line?.text).toBe('82%');
    expect(engine.widths).toHaveLength(2);
    expect(engine.widths[1]).toBeLessThan(engine.widths[0]!);
  });
});
