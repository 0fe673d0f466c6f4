// A search field that shows only its hint on the action bar (a real app's "package/action",
// Activity Launcher in ../shared/real-apps: no box, no underline, a back arrow before it and a gear
// after it), photographed by the virtual camera and rectified as the reader does: the hint, drawn
// lighter than the bar's arrow, is a field from the arrow to the gear (hint-fields.ts); a title as
// dark as its arrow, and a grey title with no navigation icon before it, are no fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { withLineShapes } from '../../../src/core/vision/line-shapes.js';
import type { OcrLine } from '../../../src/core/vision/ocr-line.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';
import type { LayoutHints } from '../../../src/core/vision/screen-elements.js';
import { drawnLine, photographDrawing } from '../../support/photographed-drawing.js';

const WIDTH = 1080,
  HEIGHT = 2340,
  /** Device pixels per dp: 1080 px over a 360 dp wide phone. */
  DP = 3;
/** The bar's text: its left (dp) and its colour; `arrow` draws the back arrow before it. */
interface Bar {
  text: string;
  colour: string;
  arrow: boolean;
}
const HINT: Bar = { text: 'package/action', colour: '#9E9E9E', arrow: true };
const TITLE: Bar = { text: 'Settings', colour: '#212121', arrow: true };
const GREY_TITLE: Bar = { text: 'Detector', colour: '#9E9E9E', arrow: false };

/**
 * A screen as the real app's: a grey status bar with its clock, the action bar (24..80 dp, a shade
 * off the page) holding the bar's text and a gear at its right, a list of rows below.
 */
function screen(bar: Bar): string {
  const left = bar.arrow ? 72 : 16;
  const ink = '#212121';
  const font = (size: number) => `font-family="sans-serif" font-size="${size * DP}"`;
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#FAFAFA"/>`,
    `<rect width="${WIDTH}" height="${24 * DP}" fill="#757575"/>`,
    `<text x="${8 * DP}" y="${18 * DP}" ${font(14)} fill="#FFFFFF">9:45</text>`,
    `<rect y="${24 * DP}" width="${WIDTH}" height="${56 * DP}" fill="#F5F5F5"/>`,
    `<text x="${left * DP}" y="${59 * DP}" ${font(20)} fill="${bar.colour}">${bar.text}</text>`,
    // The gear: a ring 19 dp across, centred 24 dp from the right side.
    `<circle cx="${WIDTH - 24 * DP}" cy="${52 * DP}" r="${7 * DP}" fill="none" stroke="${ink}" stroke-width="${5 * DP}"/>`,
    ...Array.from(
      { length: 10 },
      (_, k) =>
        `<rect x="${16 * DP}" y="${(96 + 64 * k) * DP}" width="${40 * DP}" height="${40 * DP}" fill="#607D8B"/>` +
        `<text x="${72 * DP}" y="${(122 + 64 * k) * DP}" ${font(18)} fill="${ink}">Activity ${k}</text>`,
    ),
  ];
  if (bar.arrow)
    parts.push(
      `<path d="M ${36 * DP} ${52 * DP} H ${20 * DP} M ${27 * DP} ${45 * DP} L ${20 * DP} ${52 * DP} L ${27 * DP} ${59 * DP}" fill="none" stroke="${ink}" stroke-width="${2 * DP}"/>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
}

interface Read {
  line: OcrLine;
  layout: LayoutHints;
}

/** The bar's text line (its drawn ink's box) and the layout with the lines' shapes. */
async function read(bar: Bar, seed: number): Promise<Read> {
  const photo = await photographDrawing(screen(bar), WIDTH, HEIGHT, seed);
  const left = bar.arrow ? 60 : 0;
  const line = drawnLine(bar.text, photo.drawn, WIDTH, { x0: left * DP, y0: 30 * DP, x1: 300 * DP, y1: 76 * DP }, 200);
  return { line, layout: withLineShapes(photo.layout, photo.rectified, photo.deviceSize, [line], photo.upright) };
}

/** The layout's icon buttons on the line's row before it (the back arrow: found on some of the camera's seeds only). */
const arrowsBefore = ({ line, layout }: Read) =>
  (layout.shapes ?? []).filter(
    (shape) =>
      shape.icon && shape.box.x + shape.box.width <= line.box.x + 4 * DP && shape.box.y < line.box.y + line.box.height,
  );

const fieldsHolding = ({ line, layout }: Read) =>
  (layout.shapes ?? []).filter((shape) => {
    const x = line.box.x + line.box.width / 2,
      y = line.box.y + line.box.height / 2;
    const box = shape.box;
    return shape.kind === 'field' && x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  });

describe("a search field's hint on the action bar (hint-fields.ts), through the virtual camera", () => {
  const reads: Partial<Record<'hint' | 'title' | 'greyTitle', Read>> = {};

  beforeAll(async () => {
    reads.hint = await read(HINT, 3605);
    reads.title = await read(TITLE, 3602);
    reads.greyTitle = await read(GREY_TITLE, 3606);
  });

  it('a hint lighter than the back arrow before it is a field from the arrow to the gear', () => {
    expect(arrowsBefore(reads.hint!)).toHaveLength(1);
    const found = fieldsHolding(reads.hint!);
    expect(found).toHaveLength(1);
    const box = found[0]!.box;
    expect(box.x).toBeGreaterThanOrEqual(40 * DP);
    expect(box.x).toBeLessThanOrEqual(72 * DP);
    expect(box.x + box.width).toBeLessThanOrEqual(WIDTH - 30 * DP);
    expect(box.x + box.width).toBeGreaterThan(WIDTH - 60 * DP);
    const model = screenModel({ width: WIDTH, height: HEIGHT }, [reads.hint!.line], reads.hint!.layout);
    expect(model.elements.find((element) => element.text === HINT.text)?.kind).toBe('field');
  });

  it('a title as dark as its back arrow, and a grey title with no arrow before it, are no fields', () => {
    expect(arrowsBefore(reads.title!)).toHaveLength(1);
    expect(fieldsHolding(reads.title!)).toHaveLength(0);
    expect(fieldsHolding(reads.greyTitle!)).toHaveLength(0);
  });
});
