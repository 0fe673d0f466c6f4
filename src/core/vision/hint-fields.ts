// A search field in an app's action bar, seen as a person sees it: no box and no underline, only
// its hint ("package/action") where a title would be, after the bar's navigation icon (a back
// arrow), and drawn in a lighter grey than that icon. A title is drawn in the bar's own colour,
// as dark as its icons (Material: both 87 % of black or white); a hint is 38..54 % of it. Both are
// measured on the same bar in the same picture, so neither the camera's light nor its clipped
// white moves one from the other. Pure.
import { percentileIn, type LayoutPicture } from './layout-pixels.js';
import type { OcrLine } from './ocr-line.js';
import type { LayoutHints, ShapeHint } from './screen-elements.js';
import type { Box } from './screen-model.js';
import { BAR } from './toolbar-icons.js';

/**
 * A hint's ink (its darkest 1 %, against the level of its line's ground) is at most this share of
 * the navigation icon's: measured on the recorded real apps, a hint 0.44..0.48 of its back arrow's
 * through the camera and on the screenshot, a title after its arrow 1.0..1.7.
 */
const HINT_SHARE = 0.7;
/** The icon's ink is this many levels off the ground at least (a faint icon tells nothing). */
const ICON_INK = 60;
/** The icon lies left of the line, its target's right edge at most this far (dp) past the line's start. */
const OVERLAP_DP = 4;
/** The field's height (dp), round the line's middle; its right end this far (dp) from the screen's side with no icon there. */
const FIELD = { height: 48, margin: 16 };

export function hintFields(picture: LayoutPicture, lines: readonly OcrLine[], hints: LayoutHints): ShapeHint[] {
  const dp = picture.deviceSize.width / 360;
  const shapes = hints.shapes ?? [];
  const icons = shapes.filter((shape) => shape.icon && shape.box.y + shape.box.height / 2 < BAR.bottom * dp);
  const others = shapes.filter((shape) => !shape.icon);
  const found: ShapeHint[] = [];
  for (const line of lines) {
    const middle = line.box.y + line.box.height / 2;
    if (middle < BAR.top * dp || middle > BAR.bottom * dp) continue;
    if (others.some((shape) => holds(shape.box, line.box.x + line.box.width / 2, middle))) continue;
    const onRow = icons.filter((icon) => icon.box.y <= middle && icon.box.y + icon.box.height >= middle);
    const navigation = onRow
      .filter((icon) => icon.box.x + icon.box.width <= line.box.x + OVERLAP_DP * dp)
      .sort((a, b) => b.box.x - a.box.x)[0];
    if (!navigation) continue;
    const ground = darkest(picture, line.box, 0.9);
    const text = ground - darkest(picture, line.box, 0.01),
      icon = ground - darkest(picture, navigation.box, 0.01);
    if (icon < ICON_INK || text > HINT_SHARE * icon) continue;
    const x = navigation.box.x + navigation.box.width;
    const right = Math.min(
      picture.deviceSize.width - FIELD.margin * dp,
      ...onRow.filter((other) => other.box.x >= line.box.x + line.box.width).map((other) => other.box.x),
    );
    const height = FIELD.height * dp;
    found.push({
      kind: 'field',
      box: { x, y: Math.round(middle - height / 2), width: Math.round(right - x), height },
      state: { focused: false },
    });
  }
  return found;
}

/** The level below which `share` of a device-pixel box's pixels lie in the upright picture. */
function darkest(picture: LayoutPicture, box: Box, share: number): number {
  const s = 1 / picture.toDevice;
  return percentileIn(picture.image, box.x * s, box.y * s, (box.x + box.width) * s, (box.y + box.height) * s, share);
}

function holds(box: Box, x: number, y: number): boolean {
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}
