// Layout hints from the pixels of one rectified, device-aligned screen picture: regions (dialog
// or sheet over a scrim, banner, toast) and shapes (filled and outlined buttons, fields with
// their focus, toggles with their state), boxes in device pixels. See README.md in this folder
// for what is detected and what is only inferred. Pure.
import type { Size } from './calibration.js';
import { detectFilled, filledPatches } from './detect-filled.js';
import { detectStrokeShapes } from './detect-lines.js';
import { detectControls } from './detect-controls.js';
import { detectBanner, detectPanel } from './detect-regions.js';
import { detectCard } from './detect-card.js';
import type { GrayImage } from './gray-image.js';
import { invert, type Upright } from './contrast.js';
import { iou, layoutPicture, meanIn, type LayoutPicture } from './layout-pixels.js';
import type { LayoutHints, RegionHint, ShapeHint } from './screen-elements.js';
import type { Box } from './screen-model.js';

/** `upright`: `rectified` already turned the way up (contrast.ts turnUpright), when the caller has it. */
export function detectLayout(rectified: GrayImage, deviceSize: Size, upright?: Upright): LayoutHints {
  const picture = layoutPicture(rectified, deviceSize, upright);
  const patches = filledPatches(picture);
  const filled = detectFilled(picture, patches);
  const panel = detectPanel(picture) ?? detectCard(picture);
  const banner = panel ? undefined : detectBanner(picture);
  const controls = detectControls(picture);
  // A bar's edges and its buttons' edges are strokes too, but no field's underline.
  const shapes = [
    ...filled.shapes,
    ...detectStrokeShapes(picture, patches),
    ...panelStrokeShapes(picture, panel),
  ].filter((shape) => !(shape.kind === 'field' && controls.bars.some((bar) => underlineOn(shape.box, bar, picture))));
  // Real apps' controls where the virtual phone's detectors found nothing: no shape there, and no
  // toast's or banner's pill (a pill is not a button).
  const taken = [
    ...shapes.map((shape) => shape.box),
    ...filled.regions.map((region) => region.box),
    ...(banner ? [banner.box] : []),
  ];
  const added = controls.shapes.filter((control) => !taken.some((box) => iou(box, control.box) > 0));
  return {
    regions: [...(panel ? [panel] : []), ...(banner ? [banner] : []), ...filled.regions],
    shapes: [...shapes, ...added],
    evidence: 'pixels',
  };
}

/** A field's underline (its box's bottom) lies on the bar: from 3 dp above its top edge to its bottom. */
function underlineOn(field: Box, bar: Box, picture: LayoutPicture): boolean {
  const y = field.y + field.height,
    margin = 3 * picture.px * picture.toDevice;
  return y >= bar.y - margin && y <= bar.y + bar.height && field.x < bar.x + bar.width && field.x + field.width > bar.x;
}

/**
 * A light dialog on a screen read inverted (a white card over a scrim dark enough for that): its
 * strokes (a field's underline) looked for again in the card's own polarity, their shapes kept
 * and cut to the card. On a real app's dialog, the underlined field "default" was found only so.
 * (detectPanel finds only cards brighter than their surroundings; the test below stays general.)
 */
function panelStrokeShapes(picture: LayoutPicture, panel: RegionHint | undefined): ShapeHint[] {
  if (!panel) return [];
  const { plain, toDevice } = picture;
  const { x, y, width, height } = panel.box;
  const light = meanIn(plain, x / toDevice, y / toDevice, (x + width) / toDevice, (y + height) / toDevice) >= 128;
  if (light !== picture.inverted) return [];
  const flipped = layoutPicture(plain, picture.deviceSize, {
    image: picture.inverted ? plain : invert(plain),
    inverted: !picture.inverted,
  });
  return detectStrokeShapes(flipped, filledPatches(flipped))
    .filter((shape) => {
      const bottom = { x: shape.box.x + shape.box.width / 2, y: shape.box.y + shape.box.height };
      return bottom.x > x && bottom.x < x + width && bottom.y > y && bottom.y < y + height;
    })
    .map((shape) => {
      // A field reaches 60 dp above its underline, an outlined button half its height past its
      // strokes' ends: neither past the card it is on.
      const x0 = Math.max(shape.box.x, x),
        y0 = Math.max(shape.box.y, y),
        x1 = Math.min(shape.box.x + shape.box.width, x + width),
        y1 = Math.min(shape.box.y + shape.box.height, y + height);
      return { ...shape, box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } };
    });
}
