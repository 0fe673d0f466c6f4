// A lamp's reflection on the glass, filled in from a frame at a shorter shutter (exposure
// bracketing). The reflection is light added to the screen's before the sensor clips: where it is
// strong the sensor burns out a patch whole, ink and ground both at 255, and no processing of that
// frame brings the text back; a shorter shutter scales the reflection down with the screen's own
// light, and under the clip the ink keeps its contrast. So: find the largest patch of the screen
// burnt out whole (clippedSpot), take one frame at a shutter BRACKET_STOPS shorter, and when that
// frame shows ink inside the patch (inkUnderSpot: a white page's blank ground burns out whole too,
// and hides nothing), put the short frame's pixels in the patch, each brought up by a smooth local
// gain to a white under the clip (fillClippedSpot). Pure.
import { connectedGroups } from './connected-groups.js';
import { percentileOfHistogram } from './gray-image.js';
import { homographyFromPoints, applyHomography, type Point } from './homography.js';
import type { PackedImage } from './warp-gray.js';

/**
 * Three stops (1/8 of the shutter): a reflection burnt out at the first shutter carries no level to
 * measure how far over it is; three stops bring a spot of up to 8 times the white's light under the
 * clip, the bare LED's reflection of camera-faults.ts (twice a screen's white, so the spot's core
 * at three times) with room, where one stop left it clipped (the gate's exposure retake, undone).
 */
export const BRACKET_STOPS = 3;
/** Blocks of camera pixels the patch is found in (~12 dp at the default rig's 2 camera px per dp). */
export const SPOT_BLOCK = 24;
/** A block is burnt out when this share of its pixels is at 254 or more. */
const BURNT_SHARE = 0.98;
/**
 * The smallest patch worth a frame: 2 % of the screen's blocks. A white theme at the default
 * exposure burns out whole patches of blank ground of 0..14 % of the screen (every 4th real-apps
 * screen), the severe glare 2..38 %: the short frame tells the two apart (inkUnderSpot).
 */
export const MIN_SPOT_SHARE = 0.02;
/** A block of the short frame holds ink when its levels span this share of its brightest, and at least MIN_INK_SPAN. */
const INK_SPAN = 0.2,
  MIN_INK_SPAN = 20;
/**
 * The patch hides text when this many of its blocks show ink at the short shutter (a short word);
 * a count, not a share: the patch of a white page runs on into its blank ground, hundreds of blocks.
 * A blank block's span at the short shutter is the noise's, under 10 levels.
 */
const MIN_INK_BLOCKS = 3;
/** The short frame's local white is brought up to this level, under the clip. */
const TARGET_WHITE = 240;
/** A block of the long frame whose brightest is at this level or more clips its ground. */
const CLIPPED = 250;
/** The short frame's block replaces the long one's when its span of levels, brought up, is this much larger. */
const MORE_CONTRAST = 1.1;

export interface ClippedSpot {
  /** Blocks per row and column of the grid over the picture. */
  columns: number;
  rows: number;
  /** The patch's blocks (row * columns + column). */
  blocks: number[];
  /** The patch's blocks over the screen's blocks. */
  share: number;
}

/** Luma of a packed pixel (ITU-R 601, integer). */
function lumaAt(image: PackedImage, i: number): number {
  const d = image.data;
  return image.channels >= 3 ? (d[i]! * 77 + d[i + 1]! * 150 + d[i + 2]! * 29) >> 8 : d[i]!;
}

/** The largest 4-connected patch of burnt-out blocks within the screen (`corners`, device size `size`). */
export function clippedSpot(
  image: PackedImage,
  corners: readonly Point[],
  size: { width: number; height: number },
): ClippedSpot {
  const columns = Math.floor(image.width / SPOT_BLOCK),
    rows = Math.floor(image.height / SPOT_BLOCK);
  const toDevice = homographyFromPoints(
    [...corners],
    [
      { x: 0, y: 0 },
      { x: size.width, y: 0 },
      { x: size.width, y: size.height },
      { x: 0, y: size.height },
    ],
  );
  const burnt = new Uint8Array(columns * rows);
  let screenBlocks = 0;
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < columns; bx++) {
      // A block counts when it lies inside the screen whole (its four corners).
      const inside = [0, SPOT_BLOCK].every((dy) =>
        [0, SPOT_BLOCK].every((dx) => {
          const p = applyHomography(toDevice, { x: bx * SPOT_BLOCK + dx, y: by * SPOT_BLOCK + dy });
          return p.x >= 0 && p.y >= 0 && p.x <= size.width && p.y <= size.height;
        }),
      );
      if (!inside) continue;
      screenBlocks++;
      let high = 0,
        count = 0;
      // Every second pixel each way: a quarter is plenty for a share.
      for (let y = by * SPOT_BLOCK; y < (by + 1) * SPOT_BLOCK; y += 2)
        for (let x = bx * SPOT_BLOCK; x < (bx + 1) * SPOT_BLOCK; x += 2, count++)
          if (lumaAt(image, (y * image.width + x) * image.channels) >= 254) high++;
      if (high >= count * BURNT_SHARE) burnt[by * columns + bx] = 1;
    }
  }
  const largest = connectedGroups(burnt, columns, rows, 1, true).reduce<number[]>(
    (best, patch) => (patch.count > best.length ? patch.cells! : best),
    [],
  );
  return { columns, rows, blocks: largest, share: screenBlocks ? largest.length / screenBlocks : 0 };
}

/** The shutter of the bracketed frame: BRACKET_STOPS shorter, within the camera's shortest. */
export function bracketShutterUs(shutterUs: number, minUs = 0): number {
  return Math.max(minUs, Math.round(shutterUs / 2 ** BRACKET_STOPS));
}

/** A block's brightest (98th percentile) and darkest (2nd) luma, every second pixel each way. */
function blockLevels(image: PackedImage, columns: number, block: number): { low: number; high: number } {
  const bx = block % columns,
    by = (block - bx) / columns;
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let y = by * SPOT_BLOCK; y < (by + 1) * SPOT_BLOCK; y += 2)
    for (let x = bx * SPOT_BLOCK; x < (bx + 1) * SPOT_BLOCK; x += 2, count++)
      histogram[lumaAt(image, (y * image.width + x) * image.channels)]!++;
  return { low: percentileOfHistogram(histogram, count, 0.02), high: percentileOfHistogram(histogram, count, 0.98) };
}

/** Whether the short frame shows ink inside the patch (a patch of blank ground hides nothing). */
export function inkUnderSpot(short: PackedImage, spot: ClippedSpot): boolean {
  let inked = 0;
  for (const block of spot.blocks) {
    const { low, high } = blockLevels(short, spot.columns, block);
    if (high - low >= Math.max(MIN_INK_SPAN, INK_SPAN * high)) inked++;
  }
  return inked >= MIN_INK_BLOCKS;
}

/**
 * The long frame with the short frame's pixels wherever the long one clips and the short one,
 * brought up by its block's gain, shows the block's ink at more contrast: the patch burnt out whole,
 * and round it the reflection's skirt, where the ground still clips and the ink is lifted to a
 * faint gray. A block's gain brings the short frame's local white to TARGET_WHITE (no more than
 * the two frames' own ratio of levels, measured where neither clips nor is dark); the gains and
 * the blend are interpolated between block centres, so no seam cuts a glyph.
 */
export function fillClippedSpot(long: PackedImage, short: PackedImage): PackedImage {
  const columns = Math.floor(long.width / SPOT_BLOCK),
    rows = Math.floor(long.height / SPOT_BLOCK);
  const ratio = levelRatio(long, short);
  const weight = new Float32Array(columns * rows),
    gain = new Float32Array(columns * rows).fill(ratio);
  for (let block = 0; block < weight.length; block++) {
    const before = blockLevels(long, columns, block);
    if (before.high < CLIPPED) continue;
    const after = blockLevels(short, columns, block);
    const g = Math.min(ratio, TARGET_WHITE / Math.max(1, after.high));
    gain[block] = g;
    if ((after.high - after.low) * g > (before.high - before.low) * MORE_CONTRAST) weight[block] = 1;
  }
  const data = new Uint8Array(long.data);
  const { width, channels } = long;
  // Bilinear between block centres.
  const at = (field: Float32Array, x: number, y: number) => {
    const fx = Math.min(columns - 1, Math.max(0, x / SPOT_BLOCK - 0.5)),
      fy = Math.min(rows - 1, Math.max(0, y / SPOT_BLOCK - 0.5));
    const x0 = Math.floor(fx),
      y0 = Math.floor(fy),
      x1 = Math.min(columns - 1, x0 + 1),
      y1 = Math.min(rows - 1, y0 + 1);
    const tx = fx - x0,
      ty = fy - y0;
    const top = field[y0 * columns + x0]! * (1 - tx) + field[y0 * columns + x1]! * tx;
    const bottom = field[y1 * columns + x0]! * (1 - tx) + field[y1 * columns + x1]! * tx;
    return top * (1 - ty) + bottom * ty;
  };
  for (let y = 0; y < rows * SPOT_BLOCK; y++) {
    for (let x = 0; x < columns * SPOT_BLOCK; x++) {
      const w = at(weight, x, y);
      if (w <= 0) continue;
      const g = at(gain, x, y);
      for (let c = 0, i = (y * width + x) * channels; c < channels; c++, i++) {
        const filled = Math.min(255, short.data[i]! * g);
        data[i] = Math.round(data[i]! * (1 - w) + filled * w);
      }
    }
  }
  return { data, width, height: long.height, channels };
}

/** The median of long / short luma where the long frame is neither dark nor near the clip (every 4th pixel each way). */
function levelRatio(long: PackedImage, short: PackedImage): number {
  const histogram = new Uint32Array(1001);
  let count = 0;
  for (let y = 0; y < long.height; y += 4)
    for (let x = 0; x < long.width; x += 4) {
      const i = (y * long.width + x) * long.channels;
      const a = lumaAt(long, i),
        b = lumaAt(short, i);
      if (a < 60 || a > 230 || b < 10) continue;
      histogram[Math.min(1000, Math.round((a / b) * 100))]!++;
      count++;
    }
  if (!count) return 2 ** (BRACKET_STOPS / 2.2);
  let seen = 0,
    bin = 0;
  for (; bin < 1000 && (seen += histogram[bin]!) < count / 2; bin++);
  return Math.max(1, bin / 100);
}
