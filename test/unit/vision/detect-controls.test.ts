// Android's own controls drawn as Material draws them (sizes in dp from its specs, colours as
// the recorded real apps showed them), on a 720 px wide screen (2 px per dp): each must be found
// with its state, in both themes, and shapes that are not controls (a letter, a bar) must not be.
import { describe, expect, it } from 'vitest';
import { detectControls } from '../../../src/core/vision/detect-controls.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { layoutPicture } from '../../../src/core/vision/layout-pixels.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';

const WIDTH = 720,
  HEIGHT = 1600,
  PX = 2;

function screen(page: number): GrayImage {
  return { data: new Uint8Array(WIDTH * HEIGHT).fill(page), width: WIDTH, height: HEIGHT };
}
/** Fills the dp rectangle x, y, w, h. */
function rect(image: GrayImage, x: number, y: number, w: number, h: number, level: number): void {
  for (let py = y * PX; py < (y + h) * PX; py++) image.data.fill(level, py * WIDTH + x * PX, py * WIDTH + (x + w) * PX);
}
/** Fills a disc of diameter d dp centred at cx, cy (dp). */
function disc(image: GrayImage, cx: number, cy: number, d: number, level: number): void {
  const r = (d / 2) * PX;
  for (let py = Math.floor(cy * PX - r); py <= cy * PX + r; py++)
    for (let px = Math.floor(cx * PX - r); px <= cx * PX + r; px++)
      if ((px - cx * PX) ** 2 + (py - cy * PX) ** 2 <= r * r) image.data[py * WIDTH + px] = level;
}
/** A Material switch: a 34 x 14 dp track, a 20 dp thumb on its left (off) or right (on) end. */
function materialSwitch(image: GrayImage, x: number, y: number, on: boolean, track: number, thumb: number): void {
  rect(image, x + 7, y + 3, 20, 14, track);
  disc(image, x + 7, y + 10, 14, track);
  disc(image, x + 27, y + 10, 14, track);
  disc(image, on ? x + 30 : x + 4, y + 10, 20, thumb);
}
function controlsOf(image: GrayImage) {
  const picture = layoutPicture(image, { width: WIDTH * 1.5, height: HEIGHT * 1.5 });
  // Device boxes (1080 wide) back to dp, rounded, for readable expectations.
  return detectControls(picture).shapes.map((shape) => ({
    kind: shape.kind,
    checked: shape.state?.checked,
    x: Math.round(shape.box.x / 3),
    y: Math.round(shape.box.y / 3),
  }));
}

describe('Material controls on real apps (detect-controls)', () => {
  it('finds switches on and off by the thumb standing taller than the track, light theme', () => {
    const image = screen(250);
    materialSwitch(image, 300, 200, false, 185, 236); // off: grey track, light thumb
    materialSwitch(image, 300, 300, true, 180, 94); // on: pale accent track, accent thumb
    const found = controlsOf(image);
    expect(found).toEqual([
      expect.objectContaining({ kind: 'toggle', checked: false }),
      expect.objectContaining({ kind: 'toggle', checked: true }),
    ]);
    expect(found[0]!.y).toBeGreaterThanOrEqual(199);
    expect(found[1]!.y).toBeGreaterThanOrEqual(299);
  });

  it('finds them on a dark theme too (the upright picture is inverted; a lighter thumb is ink as well)', () => {
    const image = screen(48);
    materialSwitch(image, 300, 200, true, 90, 200);
    materialSwitch(image, 300, 300, false, 110, 160);
    expect(controlsOf(image).map((c) => [c.kind, c.checked])).toEqual([
      ['toggle', true],
      ['toggle', false],
    ]);
  });

  it('finds an off switch whose light thumb, with its shadow, is a longer flat run than the short track beside it', () => {
    // AppCompat's switch as a real app drew it: a 21 dp thumb over the left of a short 14 dp track,
    // its shadow widening the thumb's flat top (the track alone was taken for the thumb's run).
    const image = screen(250);
    rect(image, 310, 203, 14, 14, 185);
    disc(image, 324, 210, 14, 185);
    for (let shadow = 0; shadow <= 2; shadow++) disc(image, 310.5 + shadow, 210.5, 21, 236);
    expect(controlsOf(image)).toEqual([{ kind: 'toggle', checked: false, x: 300, y: 200 }]);
  });

  it("finds a disabled switch on a dark dialog's card whose track is near the dimmed page outside the card", () => {
    // Levels as a real app's: the dimmed page 93, the card 66, the track 83 (17 off the card, 10
    // off the page), the thumb 95. The screen-wide ink cells lose the track; its own window finds it.
    const image = screen(93);
    rect(image, 25, 152, 310, 400, 66);
    materialSwitch(image, 285, 200, true, 83, 95);
    expect(controlsOf(image)).toEqual([{ kind: 'toggle', checked: true, x: 285, y: 200 }]);
  });

  it('tells a checked checkbox (filled, a mark inside) from an unchecked one (an outline), and neither from a letter or a plain square', () => {
    const image = screen(250);
    rect(image, 40, 200, 18, 18, 0x75); // unchecked: 2 dp outline
    rect(image, 42, 202, 14, 14, 250);
    rect(image, 40, 300, 18, 18, 94); // checked: accent fill with a white check, 2 dp thick
    for (let i = 0; i < 9; i++) rect(image, 44 + i, 307 + Math.min(i, 8 - i), 2, 2, 250);
    // The navigation bar's Recents square: filled, nothing inside (on a recording whose display
    // ends above the picture's bottom, so the bar rule does not cover it).
    rect(image, 140, 300, 16, 16, 150);
    // An "M" as tall as a box: full sides, a middle that does not reach the bottom edge.
    rect(image, 140, 200, 3, 18, 30);
    rect(image, 155, 200, 3, 18, 30);
    for (let i = 0; i < 6; i++) rect(image, 143 + i, 201 + i, 2, 2, 30);
    for (let i = 0; i < 6; i++) rect(image, 153 - i, 201 + i, 2, 2, 30);
    // An "O": round, no corners.
    disc(image, 240, 209, 18, 30);
    disc(image, 240, 209, 13, 250);
    expect(controlsOf(image)).toEqual([
      { kind: 'checkbox', checked: false, x: 40, y: 200 },
      { kind: 'checkbox', checked: true, x: 40, y: 300 },
    ]);
  });

  it("finds a tonal button a little off its page (AppCompat's #D6D7D7 on #FAFAFA), but not a full-width bar", () => {
    const image = screen(0xfa);
    rect(image, 16, 400, 88, 36, 0xd6);
    rect(image, 40, 412, 40, 10, 30); // its label
    rect(image, 0, 600, 360, 56, 0xd6); // a toolbar-like bar across the screen
    expect(controlsOf(image)).toEqual([{ kind: 'button', checked: undefined, x: 16, y: 400 }]);
  });

  it("finds the buttons a bar across the screen holds (shaded top to bottom), and its edges are no field's underline", () => {
    // A real app's bottom bar on a dark page: a light line on top, the bar shaded from #AA to #82,
    // two #5B5B5D buttons with white labels.
    const image = screen(0x33);
    rect(image, 0, 500, 360, 1, 0xc8);
    for (let row = 0; row < 54; row++) rect(image, 0, 501 + row, 360, 1, 0xaa - Math.round((row * 40) / 54));
    for (const x of [8, 184]) {
      rect(image, x, 511, 168, 36, 0x5b);
      rect(image, x + 50, 523, 68, 12, 0xff);
    }
    const shapes = detectLayout(image, { width: WIDTH * 1.5, height: HEIGHT * 1.5 }).shapes!;
    expect(shapes.map((s) => [s.kind, Math.round(s.box.x / 3), Math.round(s.box.y / 3)])).toEqual([
      ['button', 8, 511],
      ['button', 184, 511],
    ]);
  });

  it('adds them to the layout only where the virtual phone detectors found nothing', () => {
    const image = screen(250);
    materialSwitch(image, 300, 200, true, 180, 94);
    rect(image, 16, 400, 88, 40, 120); // a dark filled button: detect-filled's
    const shapes = detectLayout(image, { width: WIDTH * 1.5, height: HEIGHT * 1.5 }).shapes!;
    expect(shapes.map((s) => s.kind).sort()).toEqual(['button', 'toggle']);
  });
});
