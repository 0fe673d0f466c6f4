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

export async function measureDisplay(recording: Recording): Promise<Display> {
  const first = recording.states.get(recording.start)!;
  const meta = await sharp(first.screenshot).metadata();
  const image = { width: meta.width ?? 0, height: meta.height ?? 0 };
  const window = windowSize(recording, image);
  const notes = [...swappedSizes(recording, image)];
  if (window.height < image.height || window.width < image.width) {
    const black = await unlit(first.screenshot, image, window);
    notes.push(
      `the screenshots are ${image.width}x${image.height} but the app's window is ${window.width}x${window.height} ` +
        `(the view trees' root bounds): the display was smaller than the pictures, ` +
        `${black ? 'the rest of each picture is black' : 'the rest of each picture is NOT black (check the recording)'}; ` +
        `the replay shows the top-left ${window.width}x${window.height}`,
    );
  }
  return { ...window, image, notes };
}

/** The largest root view (parent -1) over all states, inside the image. */
function windowSize(recording: Recording, image: { width: number; height: number }) {
  let width = 0,
    height = 0;
  for (const state of recording.states.values()) {
    for (const view of state.views) {
      if (view.parent !== -1) continue;
      width = Math.max(width, view.bounds[1][0]);
      height = Math.max(height, view.bounds[1][1]);
    }
  }
  return {
    width: width > 0 ? Math.min(width, image.width) : image.width,
    height: height > 0 ? Math.min(height, image.height) : image.height,
  };
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

async function unlit(
  file: string,
  image: { width: number; height: number },
  window: { width: number; height: number },
): Promise<boolean> {
  const below = image.height - window.height;
  if (below <= 0) return true;
  // stats() measures the input, not the pipeline: cut the rows out first.
  const rows = await sharp(file)
    .extract({ left: 0, top: window.height, width: image.width, height: below })
    .png()
    .toBuffer();
  const { channels } = await sharp(rows).stats();
  return channels.slice(0, 3).every((channel) => channel.mean < blackLevel);
}
