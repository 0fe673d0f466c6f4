// Layout hints from the pixels of one rectified, device-aligned screen picture: regions (dialog
// or sheet over a scrim, banner, toast) and shapes (filled and outlined buttons, fields with
// their focus, toggles with their state), boxes in device pixels. See README.md in this folder
// for what is detected and what is only inferred. Pure.
import type { Size } from './calibration.js';
import { detectFilled, filledPatches } from './detect-filled.js';
import { detectStrokeShapes } from './detect-lines.js';
import { detectControls } from './detect-controls.js';
import { detectBanner, detectPanel } from './detect-regions.js';
import type { GrayImage } from './gray-image.js';
import type { Upright } from './contrast.js';
import { iou, layoutPicture } from './layout-pixels.js';
import type { LayoutHints } from './screen-elements.js';

/** `upright`: `rectified` already turned the way up (contrast.ts turnUpright), when the caller has it. */
export function detectLayout(rectified: GrayImage, deviceSize: Size, upright?: Upright): LayoutHints {
  const picture = layoutPicture(rectified, deviceSize, upright);
  const patches = filledPatches(picture);
  const filled = detectFilled(picture, patches);
  const panel = detectPanel(picture);
  const banner = panel ? undefined : detectBanner(picture);
  const shapes = [...filled.shapes, ...detectStrokeShapes(picture, patches)];
  // Real apps' controls where the virtual phone's detectors found nothing: no shape there, and no
  // toast's or banner's pill (a pill is not a button).
  const taken = [
    ...shapes.map((shape) => shape.box),
    ...filled.regions.map((region) => region.box),
    ...(banner ? [banner.box] : []),
  ];
  const controls = detectControls(picture).filter((control) => !taken.some((box) => iou(box, control.box) > 0));
  return {
    regions: [...(panel ? [panel] : []), ...(banner ? [banner] : []), ...filled.regions],
    shapes: [...shapes, ...controls],
    evidence: 'pixels',
  };
}
