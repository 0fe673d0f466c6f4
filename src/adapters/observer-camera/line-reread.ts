// Stable reading: a line tesseract was unsure of (low confidence) is cut out with a margin, made
// dark-on-light (a light label on a filled button is inverted), upscaled 2x and read alone; the
// re-read replaces the page's reading when it is more confident. Measured on a light label on a
// blue button (scripts/vision/measure-button-label.ts; figures in src/core/vision/README.md).
import sharp from 'sharp';
import type { OcrEngine, RawLine } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { encodeForOcr } from './decode.js';
import { MIN_WORD_CONFIDENCE } from './raw-to-model.js';

/** Lines below this tesseract confidence (0..100) are read again (default of ScreenReader's rereadBelow x 100). */
export const DEFAULT_REREAD_BELOW = 0.8;
/** At most this many lines are re-read per frame: each costs a small OCR job. */
const MAX_REREADS = 4;
const MARGIN = 6;
const PAD = 16;

export async function rereadDoubtful(
  engine: OcrEngine,
  image: GrayImage,
  lines: RawLine[],
  below: number,
): Promise<RawLine[]> {
  if (below < 0) return lines;
  const doubtful = lines
    .filter((line) => line.confidence < below * 100)
    .sort((a, b) => a.confidence - b.confidence)
    .slice(0, MAX_REREADS);
  if (!doubtful.length) return lines;
  const replaced = new Map<RawLine, RawLine>();
  // Read side by side when the engine has more than one worker.
  const again = await Promise.all(doubtful.map((line) => rereadLine(engine, image, line)));
  doubtful.forEach((line, i) => {
    const read = again[i];
    if (
      read &&
      read.confidence > line.confidence &&
      read.text.replace(/\s/g, '').length >= line.text.replace(/\s/g, '').length
    )
      replaced.set(line, read);
  });
  return lines.map((line) => replaced.get(line) ?? line);
}

async function rereadLine(engine: OcrEngine, image: GrayImage, line: RawLine): Promise<RawLine | undefined> {
  const x0 = Math.max(0, line.x0 - MARGIN),
    y0 = Math.max(0, line.y0 - MARGIN);
  const x1 = Math.min(image.width, line.x1 + MARGIN),
    y1 = Math.min(image.height, line.y1 + MARGIN);
  if (x1 - x0 < 8 || y1 - y0 < 6) return undefined;
  const crop = cut(image, x0, y0, x1, y1);
  const upright = median(crop.data) < 128 ? crop.data.map((v) => 255 - v) : crop.data;
  const { data, info } = await sharp(Buffer.from(upright), {
    raw: { width: crop.width, height: crop.height, channels: 1 },
  })
    .resize(crop.width * 2, crop.height * 2, { kernel: 'cubic' })
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: { r: 255, g: 255, b: 255 } })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const picture = encodeForOcr({ data, width: info.width, height: info.height });
  // A line of the re-read with no word worth keeping is the crop's edge (a dialog's top read as
  // "Pi——" at 0 under "Total: €42.00" at 93): it neither adds text nor lowers the re-read's confidence.
  const read = (await engine.recognize(picture)).filter((l) =>
    l.words.some((w) => /[\p{L}\p{N}]/u.test(w.text) && w.confidence / 100 >= MIN_WORD_CONFIDENCE),
  );
  if (!read.length) return undefined;
  // Back to the page's pixels: remove the pad, halve, shift to the crop's place.
  const back = <T extends { x0: number; y0: number; x1: number; y1: number }>(b: T): T => ({
    ...b,
    x0: x0 + (b.x0 - PAD) / 2,
    x1: x0 + (b.x1 - PAD) / 2,
    y0: y0 + (b.y0 - PAD) / 2,
    y1: y0 + (b.y1 - PAD) / 2,
  });
  const words = read.flatMap((l) => l.words).map(back);
  if (!words.length) return undefined;
  const confidence = Math.min(...read.map((l) => l.confidence));
  return {
    text: words.map((w) => w.text).join(' '),
    confidence,
    x0: line.x0,
    y0: line.y0,
    x1: line.x1,
    y1: line.y1,
    words,
  };
}

function cut(image: GrayImage, x0: number, y0: number, x1: number, y1: number): GrayImage {
  const width = x1 - x0,
    height = y1 - y0;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    data.set(image.data.subarray((y0 + y) * image.width + x0, (y0 + y) * image.width + x1), y * width);
  return { data, width, height };
}

function median(data: Uint8Array): number {
  return Uint8Array.from(data).sort()[data.length >> 1] ?? 255;
}
