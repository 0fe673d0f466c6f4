// A to-do list's done items, drawn as Android draws them (grey Roboto struck through: the rule
// 0.26 em above the baseline, 1/18 em thick), read for real: the text-line detector finds the
// lines, tesseract.js reads the stacked crops, each crop's rule painted over first
// (core/vision/strikethrough.ts). Read with the rule, tesseract took it for part of every glyph
// ("Helle-Werld", "Swipe-anttentightte"); the plain item above them reads as before.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcr, type OcrReader } from '../../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';

const SIZE = 42;
const ITEMS: [string, boolean][] = [
  ['Buy milk and bread', false],
  ['Swipe an item right to edit it', true],
  ['Hello World', true],
  ['Long click a list to move it', true],
  ['Show the comments of an item', true],
];

let engine: OcrReader;
beforeAll(async () => {
  engine = await startOcr({ workers: 1 });
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

async function todoScreen(): Promise<Buffer> {
  const rows = ITEMS.map(([text, struck], index) => {
    const baseline = 160 + index * 150;
    const colour = struck ? '#a0a0a0' : '#202020';
    const rule = struck
      ? `<rect x="216" y="${baseline - 0.26 * SIZE}" width="${Math.round(text.length * SIZE * 0.46)}" height="${SIZE / 18}" fill="${colour}"/>`
      : '';
    return `<circle cx="120" cy="${baseline - 14}" r="12" fill="none" stroke="#606060" stroke-width="3"/><text x="216" y="${baseline}" font-family="Roboto" font-size="${SIZE}" fill="${colour}">${text}</text>${rule}`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="920"><rect width="100%" height="100%" fill="white"/>${rows.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('struck-through lines', () => {
  it('reads done to-do items struck through, and the plain one', async () => {
    const reading = await new ScreenReader(engine, { kind: 'screenshot' }).read(await todoScreen());
    const read = reading.model.lines.map((line) => line.text);
    for (const [text] of ITEMS) expect(read, read.join(' | ')).toContain(text);
  }, 120_000);
});
