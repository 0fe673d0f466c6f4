// OCR reads dark text on light ground; a phone also draws light text on filled buttons ("Connect"
// in white on blue), and tesseract's page layout drops such a pill as a picture even when the
// page is inverted (measured). So dark patches of button size are found (runs of dark 8x8 cells),
// cut out of the picture *before* flat-fielding (which leaves halos inside a button), shrunk
// inside their outline, binarised with the bright strokes black, padded white and read on their
// own; their lines join the page's where it had none.
import { encodeForOcr } from './decode.js';
import type { OcrEngine, RawLine } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { connectedGroups } from '../../core/vision/connected-groups.js';
import { sampledMedian } from '../../core/vision/layout-pixels.js';
import { readDotRuns } from './dot-runs.js';
import { spansInk } from './label-ink.js';
import { shiftLine } from './shift-line.js';

const CELL = 8;
/** A cell is dark when its mean is below this share of the picture's median (the page's ground). */
const DARK_SHARE = 0.7;
/** How far inside a dark patch the crop starts, clear of the button's outline and shadow. */
const INSET = 12;
/** White margin around a crop: tesseract needs one to find text at all (measured). */
const PAD = 16;

interface Patch {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `image` is what OCR reads; `plain` is the same picture before the contrast steps. */
export async function recognizeBothPolarities(
  engine: OcrEngine,
  image: GrayImage,
  plain: GrayImage,
): Promise<RawLine[]> {
  const page = await engine.recognize(encodeForOcr(image));
  // Patches are disjoint, so each is judged against the page's lines and read at once (a pool of
  // workers reads them side by side); the replacements are then applied in order.
  const reads = darkPatches(plain).map(async (patch) => {
    const inside = page.filter((line) => overlaps(line, patch));
    // A toggle's track (under 48 dp wide) holds no label.
    if (patch.x1 - patch.x0 < (48 * image.width) / 360) return undefined;
    const inner = { x0: patch.x0 + INSET, y0: patch.y0 + INSET, x1: patch.x1 - INSET, y1: patch.y1 - INSET };
    if (inner.x1 - inner.x0 < 16 || inner.y1 - inner.y0 < 12) return undefined;
    const strokes = strokesBlack(cut(plain, inner));
    // A sure page reading centred in the button and spanning the label's ink is whole: reading it
    // alone again costs an OCR job. (Centred is not enough: "ontinue to paymen" is centred; label-ink.ts.)
    const one = inside.length === 1 ? inside[0]! : undefined;
    if (one && readable(one) && one.confidence >= SURE && centred(one, patch) && spansInk(one, strokes, inner.x0))
      return undefined;
    // The button is read alone even when the page read it confidently: the page cut a light
    // label short at 96 % confidence on 3 of 20 frames ("Generate daily repo", "enerate daily
    // repo"; scripts/vision/measure-button-label.ts), and the label read alone was whole.
    const found = (await engine.recognize(encodeForOcr(padWhite(strokes, PAD))))
      .filter(readable)
      .map((line) => shiftLine(line, inner.x0 - PAD, inner.y0 - PAD));
    return { inside, found };
  });
  let lines = page;
  for (const read of await Promise.all(reads)) {
    if (!read) continue;
    const { inside, found } = read;
    const best = (list: RawLine[]) => Math.max(0, ...list.map((line) => line.confidence));
    const letters = (list: RawLine[]) =>
      list.reduce((n, line) => n + line.text.replace(/[^\p{L}\p{N}]/gu, '').length, 0);
    // The button read on its own replaces a doubtful page reading of the same place, or a sure
    // one it reads longer (a label cut short) at about the same confidence.
    const better =
      best(found) > best(inside) ||
      (best(found) >= SURE && best(found) >= best(inside) - 5 && letters(found) > letters(inside.filter(readable)));
    if (found.length && better) lines = [...lines.filter((line) => !inside.includes(line)), ...found];
  }
  // A password field's dots, read as doubtful letters, are told by their pixels (dot-runs.ts).
  return readDotRuns(lines, image);
}

/** A button's label is centred (Material): margins equal within 1 % of the button's width. */
const centred = (line: RawLine, patch: Patch) =>
  Math.abs(line.x0 - patch.x0 - (patch.x1 - line.x1)) <= 0.01 * (patch.x1 - patch.x0);
const readable = (line: RawLine) => /[A-Za-z0-9]{2}/.test(line.text) && line.confidence >= 50;
/** Tesseract's confidence (0..100) of a sure reading. */
const SURE = 85;

/**
 * The button's fill is the crop's median; its text sits far out on one side (bright on a filled
 * light-theme button, dark on a dark-theme one after inversion). Halfway between the fill and that
 * side's extreme separates them even when the fill has a gradient (Otsu split the gradient: measured).
 */
function strokesBlack(image: GrayImage): GrayImage {
  const sorted = Uint8Array.from(image.data).sort();
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  const fill = at(0.5),
    high = at(0.99),
    low = at(0.01);
  const brightText = high - fill >= fill - low;
  const threshold = brightText ? (fill + high) / 2 : (fill + low) / 2;
  return { ...image, data: image.data.map((v) => ((brightText ? v > threshold : v < threshold) ? 0 : 255)) };
}

function padWhite(image: GrayImage, pad: number): GrayImage {
  const width = image.width + 2 * pad,
    height = image.height + 2 * pad;
  const data = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++)
    data.set(image.data.subarray(y * image.width, (y + 1) * image.width), (y + pad) * width + pad);
  return { data, width, height };
}

/**
 * Rectangles of connected dark cells shaped like a button or a bar: wide, not taller than a few
 * lines. Found in the plain picture (before flat-fielding, which lightens a button's middle).
 */
export function darkPatches(image: GrayImage): Patch[] {
  const columns = Math.floor(image.width / CELL),
    rows = Math.floor(image.height / CELL);
  const darkLevel = DARK_SHARE * sampledMedian(image);
  const dark = new Uint8Array(columns * rows);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      let sum = 0;
      for (let dy = 0; dy < CELL; dy++)
        for (let dx = 0; dx < CELL; dx++) sum += image.data[(r * CELL + dy) * image.width + c * CELL + dx]!;
      dark[r * columns + c] = sum / (CELL * CELL) < darkLevel ? 1 : 0;
    }
  }
  const patches: Patch[] = [];
  for (const box of connectedGroups(dark, columns, rows)) {
    const width = (box.c1 - box.c0 + 1) * CELL,
      height = (box.r1 - box.r0 + 1) * CELL;
    if (width >= 8 * CELL && height >= 3 * CELL && height <= 24 * CELL && width > height) {
      patches.push({ x0: box.c0 * CELL, y0: box.r0 * CELL, x1: (box.c1 + 1) * CELL, y1: (box.r1 + 1) * CELL });
    }
  }
  return patches;
}

function cut(image: GrayImage, patch: Patch): GrayImage {
  const width = patch.x1 - patch.x0,
    height = patch.y1 - patch.y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(
      image.data.subarray((patch.y0 + y) * image.width + patch.x0, (patch.y0 + y) * image.width + patch.x1),
      y * width,
    );
  return { data, width, height };
}

function overlaps(line: RawLine, patch: Patch): boolean {
  const cx = (line.x0 + line.x1) / 2,
    cy = (line.y0 + line.y1) / 2;
  return cx >= patch.x0 && cx <= patch.x1 && cy >= patch.y0 && cy <= patch.y1;
}
