// A toolbar's icon-only buttons, drawn where a real app's were (Activity Launcher,
// ../shared/real-apps: a search lens read by the reader as "Q" at device box 837,128..888,181 and
// a gear beside it, their targets the Button views 792..936 and 936..1080 across, 84..228 down;
// the field "package/action" read at 220,137..586,189) on a 1080 x 1920 screen (3 px per dp):
// each icon is a button without a label, the "Q" is not read as a letter, and the title's
// letters are no icon.
import { describe, expect, it } from 'vitest';
import { photographDrawing } from '../../support/photographed-drawing.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import { screenModel, centreOf, type OcrLine } from '../../../src/core/vision/screen-model.js';

const WIDTH = 1080,
  HEIGHT = 1920,
  PX = 3;

function page(): GrayImage {
  const image = { data: new Uint8Array(WIDTH * HEIGHT).fill(250), width: WIDTH, height: HEIGHT };
  // The status bar, dark, 24 dp.
  image.data.fill(40, 0, 24 * PX * WIDTH);
  return image;
}
/** Paints the device-pixel pixels where `inked(x, y)` holds. */
function paint(
  image: GrayImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  inked: (x: number, y: number) => boolean,
) {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (inked(x, y)) image.data[y * WIDTH + x] = 60;
}
function toolbar(): GrayImage {
  const image = page();
  // The lens: a ring 13 dp across and its handle, inside 837,128..888,181.
  paint(image, 837, 128, 888, 181, (x, y) => {
    const r = Math.hypot(x - 857, y - 148);
    const handle = x > 868 && y > 159 && Math.abs(x - 868 - (y - 159)) < 6;
    return (r > 13 && r < 19) || handle;
  });
  // The gear: a disc 20 dp across with a hole, centred at 1008,156.
  paint(image, 978, 126, 1038, 186, (x, y) => {
    const r = Math.hypot(x - 1008, y - 156);
    return r < 29 && r > 10;
  });
  // "package/action": letters 7 dp wide and 1.5 dp apart, 220..586 across, 137..189 down.
  for (let x = 220; x + 21 <= 586; x += 26) paint(image, x, 145, x + 21, 180, () => true);
  return image;
}
const word = (text: string, x: number, y: number, width: number, height: number) => ({
  text,
  box: { x, y, width, height },
  confidence: 0.8,
});
const asLine = (w: ReturnType<typeof word>): OcrLine => ({
  text: w.text,
  box: w.box,
  confidence: w.confidence,
  words: [w],
});

describe('toolbar icons (toolbar-icons.ts)', () => {
  it('makes each icon a button without a label, drops the lens read as "Q", and keeps the field text', () => {
    const image = toolbar();
    const hints = detectLayout(image, { width: WIDTH, height: HEIGHT });
    const lines = [asLine(word('package/action', 220, 137, 366, 52)), asLine(word('Q', 837, 128, 51, 53))];
    const model = screenModel({ width: WIDTH, height: HEIGHT }, lines, hints);
    const buttons = model.elements.filter((element) => element.kind === 'button');
    expect(buttons.map((button) => button.text)).toEqual(['', '']);
    const inside = (view: number[], point: { x: number; y: number }) =>
      point.x >= view[0]! && point.x <= view[2]! && point.y >= view[1]! && point.y <= view[3]!;
    expect(buttons.some((button) => inside([792, 84, 936, 228], centreOf(button.box)))).toBe(true);
    expect(buttons.some((button) => inside([936, 84, 1080, 228], centreOf(button.box)))).toBe(true);
    expect(model.elements.map((element) => element.text)).not.toContain('Q');
    expect(model.elements.map((element) => element.text)).toContain('package/action');
  });

  it('finds no icon in a toolbar holding only a title', () => {
    const image = page();
    for (let x = 150; x + 21 <= 600; x += 26) paint(image, x, 130, x + 21, 180, () => true);
    const shapes = detectLayout(image, { width: WIDTH, height: HEIGHT }).shapes ?? [];
    expect(shapes.filter((shape) => shape.icon)).toEqual([]);
  });
});

describe('toolbar icons through the virtual camera', () => {
  // The same toolbar drawn (a 24 dp status bar, the lens and the gear on the page), photographed
  // by the camera's default rig and rectified as the reader does: the status bar comes out a dp
  // taller than drawn (one group of ink along the band's top row, across the screen), the bezel's
  // bleed runs down the screen's edge and the vignette leaves specks of noise in the corner; merged
  // with them the gear's cluster was no icon (lost on every recorded screen of Activity Launcher
  // through the camera).
  it('finds the gear and the lens as buttons without a label', async () => {
    // The recorded app's screen, 1080 x 2340: 644 camera pixels across, the band's first cell row
    // half a dp inside the status bar.
    const TALL = 2340;
    const svg = [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${TALL}">`,
      `<rect width="${WIDTH}" height="${TALL}" fill="#FAFAFA"/>`,
      `<rect width="${WIDTH}" height="${24 * PX}" fill="#5A5A5A"/>`,
      `<circle cx="857" cy="148" r="16" fill="none" stroke="#202020" stroke-width="6"/>`,
      `<line x1="868" y1="159" x2="886" y2="177" stroke="#202020" stroke-width="8"/>`,
      `<circle cx="1008" cy="156" r="19.5" fill="none" stroke="#202020" stroke-width="19"/>`,
      `<text x="220" y="180" font-family="sans-serif" font-size="48" fill="#9E9E9E">package/action</text>`,
      '</svg>',
    ].join('');
    const { layout } = await photographDrawing(svg, WIDTH, TALL, 1023);
    const icons = (layout.shapes ?? []).filter((shape) => shape.icon);
    const holds = (view: number[]) =>
      icons.some((icon) => {
        const { x, y } = centreOf(icon.box);
        return x >= view[0]! && x <= view[2]! && y >= view[1]! && y <= view[3]!;
      });
    expect(holds([792, 84, 936, 228])).toBe(true);
    expect(holds([936, 84, 1080, 228])).toBe(true);
  });
});
