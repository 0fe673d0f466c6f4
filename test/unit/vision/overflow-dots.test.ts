// Overflow menu buttons (⋮: three 4 dp discs 6 dp apart) at the ends of list rows and in a
// toolbar, drawn as a real app's (Activity Launcher, ../shared/real-apps: each row's menu an
// ImageButton at 906..1050 across), on a 1080 x 2340 screen photographed by the virtual camera's
// default rig and rectified as the reader does, where two dots' blur can join. Each is a button
// without a label (overflow-dots.ts); a colon, a bullet list's dots and a drag handle's two
// columns of dots are none.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShapeHint } from '../../../src/core/vision/screen-elements.js';
import { photographDrawing } from '../../support/photographed-drawing.js';

const WIDTH = 1080,
  HEIGHT = 2340,
  DP = 3;
/** The menus' centres, dp: one in the toolbar, one at the end of each list row. */
const MENUS = [{ x: 336, y: 52 }, ...Array.from({ length: 6 }, (_, index) => ({ x: 326, y: 130 + 72 * index }))];
const ink = '#202020';
const dot = (x: number, y: number, d = 4) =>
  `<circle cx="${x * DP}" cy="${y * DP}" r="${(d / 2) * DP}" fill="${ink}"/>`;
const menu = (x: number, y: number) => [dot(x, y - 6), dot(x, y), dot(x, y + 6)].join('');

function screen(): string {
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#FAFAFA"/>`,
    `<rect width="${WIDTH}" height="${24 * DP}" fill="#606060"/>`,
    `<rect y="${24 * DP}" width="${WIDTH}" height="${56 * DP}" fill="#F0F0F0"/>`,
    ...MENUS.map(({ x, y }) => menu(x, y)),
  ];
  for (let index = 0; index < 6; index++) {
    const y = 130 + 72 * index;
    parts.push(
      `<text x="${72 * DP}" y="${(y + 6) * DP}" font-family="sans-serif" font-size="${18 * DP}" fill="${ink}">Activity ${index}</text>`,
      `<rect x="0" y="${(y + 36) * DP}" width="${WIDTH}" height="${DP}" fill="#DDDDDD"/>`,
    );
  }
  // Not menus: a colon's two dots, a bullet list's dots a line apart, a drag handle's two columns.
  parts.push(
    dot(200, 600),
    dot(200, 606),
    ...[640, 664, 688].map((y) => dot(40, y, 5)),
    ...[640, 646, 652].flatMap((y) => [dot(300, y), dot(306, y)]),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${parts.join('')}</svg>`;
}

describe('overflow menu buttons (overflow-dots.ts), through the virtual camera', () => {
  let icons: ShapeHint[];

  beforeAll(async () => {
    const { layout } = await photographDrawing(screen(), WIDTH, HEIGHT, 7);
    icons = (layout.shapes ?? []).filter((shape) => shape.icon);
  });

  it('makes each menu a button without a label, its box the 48 dp target round the middle dot', () => {
    for (const { x, y } of MENUS) {
      const at = icons.filter((icon) => {
        const cx = (icon.box.x + icon.box.width / 2) / DP,
          cy = (icon.box.y + icon.box.height / 2) / DP;
        return Math.abs(cx - x) <= 4 && Math.abs(cy - y) <= 4;
      });
      expect(at, `menu at ${x}, ${y} dp`).toHaveLength(1);
      expect(at[0]!.kind).toBe('button');
      expect(at[0]!.box.height / DP).toBeGreaterThanOrEqual(40);
    }
  });

  it('finds no menu in a colon, a bullet list or a drag handle', () => {
    expect(icons).toHaveLength(MENUS.length);
  });
});
