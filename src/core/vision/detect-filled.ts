// Filled shapes: connected 2 dp cells clearly darker than the page (in the upright picture, so a
// light pill on a dark theme counts too), kept when they are solid (most of their bounding box
// is filled: text strokes are not) and sized like a control. Classified by size and place:
// a toggle's track (on/off from which end its white thumb sits at), a button, a toast pill near
// the bottom. Pure.
import { connectedGroups } from './connected-groups.js';
import type { LayoutPicture } from './layout-pixels.js';
import { meanIn, toDeviceBox } from './layout-pixels.js';
import type { RegionHint, ShapeHint } from './screen-elements.js';

/** A cell is filled when its mean is below this share of the page's level. */
const FILLED_SHARE = 0.75;
/**
 * A fill this share of the screen's width is a bar (a toolbar, a filled text field, a selected
 * row), not a button: on the recorded real apps all 9 such "buttons" were (a button keeps a
 * margin: the virtual phone's widest, a settings row, is 0.91).
 */
const FULL_WIDTH_SHARE = 0.94;
/** Share of the bounding box a solid shape fills (a pill with rounded ends, a track around its thumb). */
const SOLID_SHARE = 0.55;

export interface Patch {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function filledPatches(picture: LayoutPicture): Patch[] {
  const { image } = picture;
  const cell = Math.max(2, Math.round(2 * picture.px));
  const columns = Math.floor(image.width / cell),
    rows = Math.floor(image.height / cell);
  const level = FILLED_SHARE * picture.ground;
  const filled = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      filled[r * columns + c] = meanIn(image, c * cell, r * cell, (c + 1) * cell, (r + 1) * cell) < level ? 1 : 0;
  const patches: Patch[] = [];
  for (const { c0, r0, c1, r1, count } of connectedGroups(filled, columns, rows)) {
    if (count < SOLID_SHARE * (c1 - c0 + 1) * (r1 - r0 + 1)) continue;
    patches.push({ x0: c0 * cell, y0: r0 * cell, x1: (c1 + 1) * cell, y1: (r1 + 1) * cell });
  }
  return patches;
}

export function detectFilled(
  picture: LayoutPicture,
  patches = filledPatches(picture),
): { shapes: ShapeHint[]; regions: RegionHint[] } {
  const shapes: ShapeHint[] = [],
    regions: RegionHint[] = [];
  const dp = (v: number) => v / picture.px;
  const screenHeightDp = dp(picture.image.height);
  for (const p of patches) {
    const width = dp(p.x1 - p.x0),
      height = dp(p.y1 - p.y0),
      centreX = dp((p.x0 + p.x1) / 2),
      bottom = dp(p.y1);
    const box = toDeviceBox(picture, p.x0, p.y0, p.x1, p.y1);
    const thumb = width >= 32 && width <= 50 && height >= 15 && height <= 26 ? thumbSide(picture, p) : undefined;
    if (thumb) {
      shapes.push({ kind: 'toggle', box, state: { checked: thumb === 'right' } });
    } else if (
      height >= 34 &&
      height <= 54 &&
      width < 300 &&
      Math.abs(centreX - 180) < 12 &&
      Math.abs(bottom - (screenHeightDp - 48 - 32)) < 14
    ) {
      // Android puts a toast 32 dp above the navigation bar, centred, as wide as its text.
      regions.push({ kind: 'toast', box });
    } else if (height >= 34 && height <= 64 && width >= 60 && width > height && width < FULL_WIDTH_SHARE * 360) {
      shapes.push({ kind: 'button', box });
    }
  }
  return { shapes, regions };
}

/**
 * The thumb is white in both themes: in the plain picture, one end of the track is clearly
 * brighter than the middle (a word of bold text the size of a track has no such end).
 */
function thumbSide(picture: LayoutPicture, p: Patch): 'left' | 'right' | undefined {
  // Squares of 8 dp where the thumb sits at either end (10 dp in) and in the middle of the track.
  const half = 4 * picture.px,
    cy = (p.y0 + p.y1) / 2;
  const at = (cx: number) => meanIn(picture.plain, cx - half, cy - half, cx + half, cy + half);
  const left = at(p.x0 + 10 * picture.px),
    middle = at((p.x0 + p.x1) / 2),
    right = at(p.x1 - 10 * picture.px);
  if (Math.max(left, right) - middle < 30) return undefined;
  return right > left ? 'right' : 'left';
}
