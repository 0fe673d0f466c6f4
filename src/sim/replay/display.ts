// The recorded phone's display, and what a recording says wrongly about it. DroidBot's
// screenshots can be larger than the display (a 1080×1920 display inside 1080×2340 pictures, the
// rows below it black) and its state files' width/height can be swapped; the replay uses the
// image and the view tree's window bounds, and says what it found instead of guessing quietly.
import sharp from 'sharp';
import type { Recording } from './recording.js';

export interface Display {
  /** The display the replay shows (device pixels; view bounds are in the same pixels). */
  width: number;
  height: number;
  /** The screenshots' own size. */
  image: { width: number; height: number };
  /** What the recording gets wrong, in words, for GET /device and `benchhand sim`'s output. */
  notes: string[];
}

/** Darker than this (0-255, every channel's mean) is an unlit row. */
const blackLevel = 24;
/** A pixel brighter than this (any channel) is something drawn, not JPEG noise on black. */
const drawnLevel = 96;
/** Android's navigation bar: 48 dp at the bottom of the display. */
export const navigationBarDp = 48;

export async function measureDisplay(recording: Recording): Promise<Display> {
  const first = recording.states.get(recording.start)!;
  const meta = await sharp(first.screenshot).metadata();
  const image = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const notes = [...swappedSizes(recording, image)];
  const dp = image.width / 360;
  const bar = Math.round(navigationBarDp * dp);
  const width = image.width;
  let height = fullScreenWindowBottom(recording, image);
  if (height === undefined) {
    // Only dialog windows were recorded: the display ends with the navigation bar. A lit bar's
    // ground is the lowest thing drawn; on a black bar its buttons are (about 16 dp tall, centred
    // in the 48 dp bar).
    const lowest = await lowestDrawnRow(first.screenshot, image);
    height = lowest.lit ? lowest.y + 1 : Math.min(image.height, Math.ceil((lowest.y + 16 * dp) / (8 * dp)) * 8 * dp);
    notes.push(
      `no recorded state has a full-screen window (only dialogs): the display's bottom is estimated from the navigation bar ` +
        `(the lowest thing drawn, at y ${lowest.y}, is ${lowest.lit ? 'its ground' : 'its buttons'}) as y ${height}`,
    );
  } else if (height + bar <= image.height && (await band(first.screenshot, image, height, bar)).max > drawnLevel) {
    // An app window that stops above the navigation bar: the bar is still part of the display.
    notes.push(
      `the app's windows end at y ${height}, above the navigation bar drawn below them: the display includes the bar (to y ${height + bar})`,
    );
    height += bar;
  }
  if (height < image.height) {
    const below = await band(first.screenshot, image, height, image.height - height);
    notes.push(
      `the screenshots are ${image.width}x${image.height} but the display is ${width}x${height}: ` +
        `the display was smaller than the pictures, ` +
        `${below.mean < blackLevel ? 'the rest of each picture is black' : 'the rest of each picture is NOT black (check the recording)'}; ` +
        `the replay shows the top ${height} rows`,
    );
  }
  return { width, height, image, notes };
}

/** The lowest bottom of a window that fills the width from the top (a root view at 0,0), inside the image. */
function fullScreenWindowBottom(recording: Recording, image: { width: number; height: number }): number | undefined {
  let bottom: number | undefined;
  for (const state of recording.states.values())
    for (const view of state.views) {
      const [[x0, y0], [x1, y1]] = view.bounds;
      if (view.parent === -1 && x0 === 0 && y0 === 0 && x1 >= image.width) bottom = Math.max(bottom ?? 0, y1);
    }
  return bottom === undefined ? undefined : Math.min(bottom, image.height);
}

/** The lowest row with anything drawn on it (brighter than JPEG noise on black), and whether most of it is. */
async function lowestDrawnRow(
  file: string,
  image: { width: number; height: number },
): Promise<{ y: number; lit: boolean }> {
  const { data } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (let y = image.height - 1; y > 0; y--) {
    let drawn = 0;
    for (let x = 0; x < image.width; x++) if (data[y * image.width + x]! > drawnLevel) drawn++;
    if (drawn > 0) return { y, lit: drawn > image.width / 2 };
  }
  return { y: image.height - 1, lit: false };
}

function swappedSizes(recording: Recording, image: { width: number; height: number }): string[] {
  if (image.width === image.height) return [];
  const swapped = [...recording.states.values()].filter(
    (s) => s.declared.width === image.height && s.declared.height === image.width,
  ).length;
  if (swapped === 0) return [];
  return [
    `${swapped} of ${recording.states.size} state files give width x height as ${image.height}x${image.width}, ` +
      `but their screenshots are ${image.width}x${image.height} (swapped): the image's size is used`,
  ];
}

/** The darkest channel mean and the brightest channel max of rows [top, top + rows). */
async function band(
  file: string,
  image: { width: number; height: number },
  top: number,
  rows: number,
): Promise<{ mean: number; max: number }> {
  if (rows <= 0) return { mean: 0, max: 0 };
  // stats() measures the input, not the pipeline: cut the rows out first.
  const cut = await sharp(file).extract({ left: 0, top, width: image.width, height: rows }).png().toBuffer();
  const { channels } = await sharp(cut).stats();
  const colour = channels.slice(0, 3);
  return { mean: Math.max(...colour.map((c) => c.mean)), max: Math.max(...colour.map((c) => c.max)) };
}
