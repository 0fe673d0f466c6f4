// Shapes found from the read lines outwards, after the reading: a button's fill round a short
// label (label-fill.ts) and a search field's hint in the action bar (hint-fields.ts). Pure.
import type { Size } from './calibration.js';
import type { Upright } from './contrast.js';
import type { GrayImage } from './gray-image.js';
import { hintFields } from './hint-fields.js';
import { labelFills } from './label-fill.js';
import { layoutPicture } from './layout-pixels.js';
import type { OcrLine } from './ocr-line.js';
import type { LayoutHints } from './screen-elements.js';

/** The layout with the shapes its lines show added (labelFills, hintFields). */
export function withLineShapes(
  hints: LayoutHints,
  rectified: GrayImage,
  deviceSize: Size,
  lines: readonly OcrLine[],
  upright?: Upright,
): LayoutHints {
  const picture = layoutPicture(rectified, deviceSize, upright);
  const found = [...labelFills(picture, lines, hints), ...hintFields(picture, lines, hints)];
  return found.length ? { ...hints, shapes: [...(hints.shapes ?? []), ...found] } : hints;
}
