// A dialog's card found by its edges where the scrim rule cannot see it, drawn with the levels a
// real app's dark dialog showed (Ad Silence, ../shared/real-apps: a #424242 card at 66 over the
// dimmed launcher wallpaper, whose left side runs 76 -> 59 and right side 67 -> 46 beside it;
// the card 25 dp in from each side, 205..410 dp down), on a 1080 x 1920 screen (3 px per dp). The
// card's box must come out whole; a page with the same wallpaper and no card, and a page with a
// list of cards, must give no dialog.
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import { iou } from '../../../src/core/vision/layout-pixels.js';

const WIDTH = 1080,
  HEIGHT = 1920,
  PX = 3;
const DEVICE = { width: WIDTH, height: HEIGHT };

/** The wallpaper as measured: each side's level falls linearly from top to bottom of the card's rows, darker lower down. */
function wallpaper(): GrayImage {
  const data = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    const t = Math.min(1, Math.max(0, (y / PX - 205) / 205));
    const left = 76 - 17 * t,
      right = 67 - 21 * t;
    for (let x = 0; x < WIDTH; x++) data[y * WIDTH + x] = Math.round(left + ((right - left) * x) / WIDTH);
  }
  return { data, width: WIDTH, height: HEIGHT };
}
function rect(image: GrayImage, x: number, y: number, w: number, h: number, level: number): void {
  for (let py = y * PX; py < (y + h) * PX; py++) image.data.fill(level, py * WIDTH + x * PX, py * WIDTH + (x + w) * PX);
}
/** Lines of "text": dashes of light ink 16 dp tall, starting 24 dp inside the card. */
function text(image: GrayImage, x: number, y: number, w: number): void {
  for (let k = 0; k < w; k += 10) rect(image, x + k, y, 6, 14, 200);
}
const dialogsOf = (image: GrayImage) =>
  (detectLayout(image, DEVICE).regions ?? []).filter((region) => region.kind === 'dialog');

describe('a dialog card seen by its edges (detect-card.ts)', () => {
  it('finds a dark card over a dimmed wallpaper, whole, with its buttons and switch inside it', () => {
    const image = wallpaper();
    rect(image, 25, 205, 310, 205, 66);
    text(image, 49, 225, 240);
    rect(image, 41, 252, 278, 36, 90); // a filled button
    text(image, 49, 300, 180);
    rect(image, 291, 312, 28, 14, 50); // a switch's track
    rect(image, 41, 355, 130, 36, 90);
    rect(image, 189, 355, 130, 36, 90);
    const dialogs = dialogsOf(image);
    expect(dialogs).toHaveLength(1);
    const card = { x: 25 * PX, y: 205 * PX, width: 310 * PX, height: 205 * PX };
    expect(iou(dialogs[0]!.box, card)).toBeGreaterThan(0.9);
  });

  it('finds none on the wallpaper alone, nor on a list of cards (16 or 24 dp in from the sides)', () => {
    expect(dialogsOf(wallpaper())).toEqual([]);
    for (const inset of [16, 24]) {
      const list: GrayImage = { data: new Uint8Array(WIDTH * HEIGHT).fill(240), width: WIDTH, height: HEIGHT };
      for (let y = 90; y < 560; y += 100) {
        rect(list, inset, y, 360 - 2 * inset, 92, 255);
        text(list, inset + 16, y + 20, 200);
      }
      expect(dialogsOf(list)).toEqual([]);
    }
  });
});
