// Which parts of a changed screen must be read again, and which lines of the last reading may be
// carried over. The changed places come from the content fingerprints (compare-content.ts, the
// same detector and noise floor the loop uses to say "the screen changed"); each becomes a
// full-width band, padded, grown until it cuts no line of the last reading in two and no shape
// or panel the last picture showed (a filled button, a field, a dialog, a banner, a toast): a
// band that cut a filled button through its fill read "Continue to payment" as "ontinue to
// paymen", and the unchanged screen then kept that reading. A line is
// carried over only when no band touches it, so a carried-over text can never stand for a place
// that changed. Safeguards: a large change, or too many band reads in a row, read the whole
// screen. Boxes and bands are in device pixels. Pure.
import type { ContentChange } from './compare-content.js';
import type { OcrLine } from './screen-model.js';
import type { Size } from './calibration.js';
import type { Box } from './ocr-line.js';

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
