// Which parts of a changed screen must be read again, and which lines of the last reading may be
// carried over. The changed places come from the content fingerprints (compare-content.ts, the
// same detector and noise floor the loop uses to say "the screen changed"); each becomes a
// full-width band, padded, grown until it cuts no line of the last reading in two and no shape
// or panel the last picture showed (a filled button, a field, a dialog, a banner, a toast), so
// no label is read without all of its fill. A line is carried over only when no band touches it,
// so a carried-over text can never stand for a place that changed; a line in the bands that the
// band read did not read again while its place still shows ink sends the read whole
// (missedLines). Safeguards: a large change, or too many band reads in a row, read the whole
// screen. (The shop's "ontinue to paymen" read by bands was not a cut: the band held the whole
// button, and the page's sure, centred, cut reading skipped reading the button alone; see
// src/adapters/observer-camera/label-ink.ts.) Boxes and bands are in device pixels. Pure.
import type { ContentChange } from './compare-content.js';
import type { OcrLine } from './screen-model.js';
import type { Size } from './calibration.js';
import type { Box } from './ocr-line.js';
import type { GrayImage } from './gray-image.js';

export interface DeviceBand {
  y0: number;
  y1: number;
}

export interface IncrementalOptions {
  /** Above this share of changed content cells the whole screen is read (default 0.35). */
  fullReadAbove?: number;
  /** After this many band reads in a row the next read is whole (default 8): stale text cannot last. */
  fullReadEvery?: number;
  /** Added above and below each changed box, in dp (default 8: a cell; anti-aliasing and shadows spill over). */
  marginDp?: number;
  /** Above this share of the screen's height in bands, a whole read costs about the same (default 0.6). */
  fullReadAboveHeight?: number;
}

export type ReadPlan = { kind: 'full'; reason: string } | { kind: 'bands'; bands: DeviceBand[]; kept: OcrLine[] };

export interface PlanInput {
  change: ContentChange;
  /** The last reading's lines; undefined when there is none. */
  previous: OcrLine[] | undefined;
  deviceSize: Size;
  /** Band reads since the last whole read. */
  bandReadsInARow: number;
  /**
   * The shapes and panels of the last picture (buttons, fields, toggles, dialogs, banners,
   * toasts): a band that touches one is grown over all of it, so no label is cut with its fill.
   */
  shapes?: readonly Box[];
}

export function planRead(input: PlanInput, options: IncrementalOptions = {}): ReadPlan {
  const { change, previous, deviceSize } = input;
  if (!previous) return { kind: 'full', reason: 'no earlier reading' };
  if (change.fraction > (options.fullReadAbove ?? 0.35))
    return { kind: 'full', reason: `${Math.round(change.fraction * 100)} % of the content changed` };
  if (input.bandReadsInARow >= (options.fullReadEvery ?? 8))
    return { kind: 'full', reason: `${input.bandReadsInARow} band reads in a row` };
  if (!change.boxes.length) return { kind: 'full', reason: 'a change with no place' };
  const margin = (options.marginDp ?? 8) * (deviceSize.width / 360);
  const bands = growOver(
    change.boxes.map((box) => ({
      y0: Math.max(0, Math.floor(box.y - margin)),
      y1: Math.min(deviceSize.height, Math.ceil(box.y + box.height + margin)),
    })),
    [...previous.map((line) => line.box), ...(input.shapes ?? [])],
    deviceSize.height,
  );
  const height = bands.reduce((sum, band) => sum + band.y1 - band.y0, 0);
  if (height > (options.fullReadAboveHeight ?? 0.6) * deviceSize.height)
    return { kind: 'full', reason: 'the bands cover most of the screen' };
  return { kind: 'bands', bands, kept: carriedOver(previous, bands) };
}

/** The lines no band touches: the only ones that may be carried over. */
export function carriedOver(lines: readonly OcrLine[], bands: readonly DeviceBand[]): OcrLine[] {
  return lines.filter((line) => !bands.some((band) => touches(line, band)));
}

/**
 * The last reading's lines in the bands that the band read did not read again (no line read now
 * overlaps one) while its place still shows ink: OCR missed them there (light text on a mid-grey
 * button can read as nothing in a strip), so the bands cannot stand for the screen. A line whose
 * place is blank now is gone, not missed (a list replaced by "Loading...", a field cleared).
 */
export function missedLines(
  replaced: readonly OcrLine[],
  read: readonly OcrLine[],
  showsInk: (box: Box) => boolean,
): OcrLine[] {
  return replaced.filter((old) => !read.some((line) => boxesOverlap(line.box, old.box)) && showsInk(old.box));
}

/** Gray levels a stroke lies below the box's ground (a flat-fielded picture: the ground is near white). */
const STROKE_BELOW_GROUND = 48;
/** Share of a box's pixels that are strokes before it shows ink (a lone speck of noise does not). */
const INK_SHARE = 0.01;

/** Whether `box` (in the picture's pixels) holds strokes clearly darker than its own ground. */
export function showsInk(image: GrayImage, box: Box): boolean {
  const x0 = Math.max(0, Math.floor(box.x)),
    y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(image.width, Math.ceil(box.x + box.width)),
    y1 = Math.min(image.height, Math.ceil(box.y + box.height));
  if (x1 <= x0 || y1 <= y0) return false;
  const histogram = new Uint32Array(256);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) histogram[image.data[y * image.width + x]!]!++;
  const count = (x1 - x0) * (y1 - y0);
  // The ground: the level 90 % of the box's pixels lie at or below. Dark text on a light ground
  // covers less than a tenth of its line's box; light text on a fill more, and then the fill
  // counts as the strokes: either way a place with a label shows ink, a blank one does not.
  let seen = 0,
    ground = 255;
  for (let v = 0; v < 256; v++)
    if ((seen += histogram[v]!) >= 0.9 * count) {
      ground = v;
      break;
    }
  let strokes = 0;
  for (let v = 0; v < ground - STROKE_BELOW_GROUND; v++) strokes += histogram[v]!;
  return strokes >= INK_SHARE * count;
}

const boxesOverlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const touches = (line: OcrLine, band: DeviceBand) => overlaps(line.box, band);
const overlaps = (box: Box, band: DeviceBand) => box.y < band.y1 && box.y + box.height > band.y0;

/** Merges overlapping bands and grows each over every box (line, shape) it touches, until nothing changes. */
export function growOver(bands: DeviceBand[], boxes: readonly Box[], height: number): DeviceBand[] {
  let current = merge(bands);
  for (;;) {
    const grown = merge(
      current.map((band) => {
        const out = { ...band };
        for (const box of boxes) {
          if (!overlaps(box, band)) continue;
          out.y0 = Math.max(0, Math.min(out.y0, Math.floor(box.y) - 2));
          out.y1 = Math.min(height, Math.max(out.y1, Math.ceil(box.y + box.height) + 2));
        }
        return out;
      }),
    );
    if (
      grown.length === current.length &&
      grown.every((band, i) => band.y0 === current[i]!.y0 && band.y1 === current[i]!.y1)
    )
      return grown;
    current = grown;
  }
}

function merge(bands: DeviceBand[]): DeviceBand[] {
  const merged: DeviceBand[] = [];
  for (const band of [...bands].sort((a, b) => a.y0 - b.y0)) {
    const last = merged.at(-1);
    if (last && band.y0 <= last.y1) last.y1 = Math.max(last.y1, band.y1);
    else merged.push({ ...band });
  }
  return merged;
}
