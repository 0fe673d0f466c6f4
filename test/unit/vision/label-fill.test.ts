// Grey buttons as real apps draw them (AppCompat's #D6D7D7 on a #FAFAFA page, 36 dp tall, a short
// label in capitals centred on each), photographed by the virtual camera (its default rig: uneven
// light, a glare spot, the page's white clipped) and rectified as the reader does: each label's
// fill is a button (core/vision/label-fill.ts), where the ink cells alone lose some of them
// through the camera; a raised button whose shadow is its bottom edge is found too; a toolbar's
// title (left on its bar), a plain label with no fill and a row between two dividers are no buttons.
import { beforeAll, describe, expect, it } from 'vitest';
import { withLineShapes } from '../../../src/core/vision/line-shapes.js';
import type { OcrLine } from '../../../src/core/vision/ocr-line.js';
import type { LayoutHints } from '../../../src/core/vision/screen-elements.js';
import { drawnLine, photographDrawing, type Area } from '../../support/photographed-drawing.js';

const WIDTH = 1080,
  HEIGHT = 2340,
  /** Device pixels per dp: 1080 px over a 360 dp wide phone. */
  DP = 3,
  FONT = 14 * DP;
/**
 * Grey buttons, dp: left, top, width (36 dp tall), label; spread over the screen so the light
 * differs. The last is fainter (#F0F0F0, 10 levels off the page): through the camera its top and
 * bottom edges are a step of 3 to 5 levels, found by the rows' smaller step, 2 dp clear of the
 * label's blurred ink. DARK's left side has a darker page beside it (a glare spot's edge), a step
 * of 3..4 levels through the camera, found by columns over the fill's whole height.
 */
const BUTTONS = [
  { x: 16, y: 300, width: 88, label: 'EVAL' },
  { x: 112, y: 300, width: 88, label: 'CLEAR' },
  { x: 40, y: 470, width: 280, label: 'GRANT PERMISSION' },
  { x: 200, y: 620, width: 120, label: 'SHARE' },
  { x: 24, y: 640, width: 100, label: 'ABOUT' },
  { x: 200, y: 380, width: 120, label: 'LOAD', fill: '#F0F0F0' },
  { x: 40, y: 560, width: 110, label: 'DARK', fill: '#E4E4E4' },
];
/**
 * A raised button on a coloured page (a real app's onboarding, orange on green: in gray the fill
 * 12 levels under the page, about 7 through the camera), its shadow a thin darker rule under it:
 * past the rule the page is off the fill, so the rule is the fill's bottom edge, not a divider.
 */
const RAISED = { x: 110, y: 180, width: 140, height: 48, label: 'GET STARTED', page: '#9C9C9C', fill: '#909090' };

const lineAt = (text: string, gray: Uint8Array, area: Area) => drawnLine(text, gray, WIDTH, area);

const text = (x: number, y: number, size: number, label: string, anchor = 'middle', weight = 'normal') =>
  `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="sans-serif" font-weight="${weight}" font-size="${size}" fill="#202020">${label}</text>`;

/** The screen's SVG, and the areas (device pixels) of its labels and of its other texts. */
function screen() {
  const parts: string[] = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#FAFAFA"/>`,
    `<rect width="${WIDTH}" height="${24 * DP}" fill="#303030"/>`,
    // A toolbar, its title at the left.
    `<rect y="${24 * DP}" width="${WIDTH}" height="${56 * DP}" fill="#9E9E9E"/>`,
    text(16 * DP, 58 * DP, 20 * DP, 'NOTES', 'start'),
  ];
  const { x, y, width, height } = RAISED;
  parts.push(
    `<rect y="${120 * DP}" width="${WIDTH}" height="${160 * DP}" fill="${RAISED.page}"/>`,
    // The shadow: a dark rule fading back to the page over 4 dp (as the real one).
    ...[0.2, 0.1, 0.08, 0.06, 0.04, 0.02].map(
      (opacity, k) =>
        `<rect x="${x * DP}" y="${(y + height + k) * DP}" width="${width * DP}" height="${DP}" fill="#000" fill-opacity="${opacity}"/>`,
    ),
    `<rect x="${x * DP}" y="${y * DP}" width="${width * DP}" height="${height * DP}" rx="${2 * DP}" fill="${RAISED.fill}"/>`,
    text((x + width / 2) * DP, (y + 30) * DP, FONT, RAISED.label, 'middle', 'bold'),
  );
  const raised = { x0: x * DP, y0: y * DP, x1: (x + width) * DP, y1: (y + height) * DP };
  const labels = BUTTONS.map(({ x, y, width, label, fill = '#D6D7D7' }) => {
    parts.push(
      `<rect x="${x * DP}" y="${y * DP}" width="${width * DP}" height="${36 * DP}" rx="${2 * DP}" fill="${fill}"/>`,
    );
    parts.push(text((x + width / 2) * DP, (y + 23) * DP, FONT, label, 'middle', 'bold'));
    return { label, area: { x0: x * DP, y0: y * DP, x1: (x + width) * DP, y1: (y + 36) * DP } };
  });
  // The page beside DARK's left side is a shade darker (as a glare spot's edge leaves it): that
  // side's step is half its top's.
  parts.push(`<rect x="0" y="${540 * DP}" width="${40 * DP}" height="${80 * DP}" fill="#E9E9E9"/>`);
  // A label with no fill, and a row's text between two dividers (1 dp, 40 dp apart).
  parts.push(
    text(250 * DP, 560 * DP, FONT, 'VOID'),
    `<rect x="0" y="${700 * DP}" width="${WIDTH}" height="${DP}" fill="#D0D0D0"/>`,
    `<rect x="0" y="${740 * DP}" width="${WIDTH}" height="${DP}" fill="#D0D0D0"/>`,
    text(180 * DP, 725 * DP, FONT, 'ROW'),
  );
  const others = [
    { label: 'NOTES', area: { x0: 0, y0: 30 * DP, x1: 200 * DP, y1: 76 * DP } },
    { label: 'VOID', area: { x0: 200 * DP, y0: 540 * DP, x1: 300 * DP, y1: 565 * DP } },
    { label: 'ROW', area: { x0: 130 * DP, y0: 705 * DP, x1: 230 * DP, y1: 735 * DP } },
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
  return { svg, labels, others, raised };
}

const centre = (line: OcrLine) => ({ x: line.box.x + line.box.width / 2, y: line.box.y + line.box.height / 2 });
const buttonsHolding = (layout: LayoutHints, line: OcrLine) =>
  (layout.shapes ?? []).filter((shape) => {
    const { x, y } = centre(line);
    const box = shape.box;
    return shape.kind === 'button' && x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
  });

describe('a button found from its label outwards (label-fill), through the virtual camera', () => {
  let shapes: LayoutHints;
  let withLabels: LayoutHints;
  let drawn: { labels: OcrLine[]; others: OcrLine[]; raised: OcrLine };

  beforeAll(async () => {
    const { svg, labels, others, raised } = screen();
    const photo = await photographDrawing(svg, WIDTH, HEIGHT, 1041);
    drawn = {
      labels: labels.map(({ label, area }) => lineAt(label, photo.drawn, area)),
      others: others.map(({ label, area }) => lineAt(label, photo.drawn, area)),
      raised: lineAt(RAISED.label, photo.drawn, raised),
    };
    shapes = photo.layout;
    withLabels = withLineShapes(
      shapes,
      photo.rectified,
      photo.deviceSize,
      [...drawn.labels, ...drawn.others, drawn.raised],
      photo.upright,
    );
  });

  it('the ink cells alone lose some of the grey buttons through the camera', () => {
    const lost = drawn.labels.filter((line) => buttonsHolding(shapes, line).length === 0);
    expect(lost.length).toBeGreaterThan(0);
  });

  it('every grey button is found round its label, as tall as drawn', () => {
    for (const [index, line] of drawn.labels.entries()) {
      const found = buttonsHolding(withLabels, line);
      expect(found, line.text).toHaveLength(1);
      const { x, width } = BUTTONS[index]!;
      const box = found[0]!.box;
      expect(Math.abs(box.height - 36 * DP), line.text).toBeLessThanOrEqual(4 * DP);
      expect(Math.abs(box.x - x * DP), line.text).toBeLessThanOrEqual(4 * DP);
      expect(Math.abs(box.width - width * DP), line.text).toBeLessThanOrEqual(8 * DP);
    }
  });

  it("a toolbar's title, a label with no fill and a row between dividers are no buttons", () => {
    for (const line of drawn.others) expect(buttonsHolding(withLabels, line), line.text).toHaveLength(0);
  });

  it('a raised button whose shadow is its bottom edge, on a page a few levels off its fill, is found', () => {
    const found = buttonsHolding(withLabels, drawn.raised);
    expect(found).toHaveLength(1);
    const box = found[0]!.box;
    expect(Math.abs(box.y + box.height - (RAISED.y + RAISED.height) * DP)).toBeLessThanOrEqual(4 * DP);
    expect(Math.abs(box.x - RAISED.x * DP)).toBeLessThanOrEqual(4 * DP);
  });
});
