// The detected lines read with one OCR call instead of one per line: each line's normalised crop
// (core/vision/line-crop.ts) scaled to one height and stacked into a tall picture with gaps of
// white, read once as a block of text (tesseract page segmentation 6), and each line read mapped
// back to the crop it lies in by its vertical centre, its words' boxes to the screen's pixels.
// Measured on the real-apps screenshots (scripts/bench/real-screens.bench.ts): the same recall as
// reading each crop alone as a single line (page segmentation 7), and one job per screen instead
// of twenty to forty.
import sharp from 'sharp';
import type { OcrEngine, RawLine, RawWord } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { cutBox, evenLineGround, normaliseLine, type CropBox } from '../../core/vision/line-crop.js';
import { blankPgm } from './decode.js';
import { withoutRules } from '../../core/vision/strikethrough.js';

/** The height a line's crop is scaled to: tesseract reads text about 20-30 px high best. */
export const LINE_HEIGHT = 40;
/**
 * White left and right of each crop, and between two crops. 24 px, not 8: read alone with 8 px
 * beside it, the status bar's "▼ 76% ▮" came back "vO"; with 24, "76%" (widened corpus, w720).
 */
const PAD = 24;
const GAP = 24;

interface Placed {
  box: CropBox;
  /** The crop's first row in the stack. */
  top: number;
  height: number;
  /** Stack pixels per screen pixel. */
  scale: number;
  x0: number;
  y0: number;
}

/**
 * Reads the lines in `boxes` of `image`; lines and words come back in `image`'s pixels. The lines
 * the stack read with doubt are read again (readDoubtfulAgain), then the ones with an icon at an
 * end (readWithoutEndIcons).
 */
export async function readStackedLines(engine: OcrEngine, image: GrayImage, boxes: CropBox[]): Promise<RawLine[]> {
  if (!boxes.length) return [];
  const crops = await Promise.all(boxes.map((box) => scaledLine(image, box)));
  const read = await readStack(engine, crops);
  await readDoubtfulAgain(engine, crops, read);
  await readWithoutEndIcons(engine, image, boxes, read);
  return [...read].sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}

/**
 * The lines read with doubt (below DOUBTFUL) read again, away from the lines read surely, and the
 * surer reading of each kept: in the whole stack a line of icons and text (the status bar's
 * "▼ 76% ▮") read "76%" at 4 %, alone at 84 %. They are read in one second stack of their own, not
 * one job each (a tesseract job costs ~50 ms however short): on the 43 real-apps screenshots 106
 * jobs instead of 129, the same word recall (88.3 %) and texts read, and the jobs after the first
 * stack (these and the icons' stacks) ~25 ms less a screen (46..52 against 71..80 ms, two runs).
 */
async function readDoubtfulAgain(engine: OcrEngine, crops: Crop[], read: Map<number, RawLine>): Promise<void> {
  const doubtful = [...read]
    .filter(([index, line]) => line.confidence < DOUBTFUL && crops[index]!.crop.width >= MIN_REREAD_WIDTH)
    .map(([index]) => index);
  if (!doubtful.length) return;
  const again = await readStack(
    engine,
    doubtful.map((index) => crops[index]!),
  );
  doubtful.forEach((index, i) => {
    const line = again.get(i);
    if (line && line.confidence > read.get(index)!.confidence) read.set(index, line);
  });
}

/**
 * A line whose first or last word is an icon read as letters (the status bar's "▼ 82% ▮" read
 * "Vv 32% =") is read again without it: its box cut to the words between, normalised anew and
 * read in a second stack of all such lines. The icon sways the reading of the text beside it
 * (Debian's fast model read "82%" beside the triangle as "32%" at 81 %, alone as "82%"), and
 * tesseract's confidence does not tell which reading is right, so the one without the icon is
 * kept when it reads as many words of text. Its icons are left out: they are not text.
 */
async function readWithoutEndIcons(
  engine: OcrEngine,
  image: GrayImage,
  boxes: CropBox[],
  read: Map<number, RawLine>,
): Promise<void> {
  const trimmed: { index: number; box: CropBox; words: number }[] = [];
  for (const [index, line] of read) {
    const text = line.words.filter((word) => !isIconWord(word));
    if (!text.length || text.length === line.words.length) continue;
    const first = line.words.indexOf(text[0]!),
      last = line.words.indexOf(text[text.length - 1]!);
    // Only icons at the ends: an icon word between words of text is a sign ("&", "×").
    if (line.words.slice(first, last + 1).some(isIconWord)) continue;
    const box = boxes[index]!,
      height = box.y1 - box.y0;
    const before = line.words[first - 1],
      after = line.words[last + 1];
    // A margin of ground around the text, never reaching into the icon.
    const left = text[0]!.x0 - Math.min(ICON_MARGIN * height, before ? (text[0]!.x0 - before.x1) / 2 : Infinity);
    const right =
      text[text.length - 1]!.x1 +
      Math.min(ICON_MARGIN * height, after ? (after.x0 - text[text.length - 1]!.x1) / 2 : Infinity);
    trimmed.push({
      index,
      box: { ...box, x0: Math.max(box.x0, left), x1: Math.min(box.x1, right) },
      words: text.length,
    });
  }
  if (!trimmed.length) return;
  const crops = await Promise.all(trimmed.map(({ box }) => scaledLine(image, box)));
  const again = await readStack(engine, crops);
  trimmed.forEach(({ index, words }, i) => {
    const line = again.get(i);
    const text = line?.words.filter((word) => !isIconWord(word));
    if (!line || text!.length !== words) return;
    read.set(index, text!.length === line.words.length ? line : lineOf(text!));
  });
}

function lineOf(words: RawWord[]): RawLine {
  return {
    text: words.map((word) => word.text).join(' '),
    confidence: Math.min(...words.map((word) => word.confidence)),
    x0: Math.min(...words.map((word) => word.x0)),
    y0: Math.min(...words.map((word) => word.y0)),
    x1: Math.max(...words.map((word) => word.x1)),
    y1: Math.max(...words.map((word) => word.y1)),
    words,
  };
}

/** Ground kept around the text when its icons are cut off, as a share of the line's height. */
const ICON_MARGIN = 0.3;
/** One or two letters read below this confidence (0..100) are an icon ("Vv", "Oo"), not a word. */
const ICON_SURE = 80;

/** A word with no letter or digit, or one or two letters (no digit) read with doubt. */
function isIconWord(word: RawWord): boolean {
  const letters = word.text.replace(/[^\p{L}\p{N}]/gu, '');
  return !letters.length || (letters.length <= 2 && !/\p{N}/u.test(letters) && word.confidence < ICON_SURE);
}

/** Tesseract's confidence (0..100) below which a line read in the stack is read again alone. */
const DOUBTFUL = 60;
/**
 * A crop narrower than this (at LINE_HEIGHT) holds one or two glyphs: on the real-apps
 * screenshots those were icons ("<€", "Oo", "»") and what a re-read found in them was an icon
 * again, two to three per screen, at about 40 ms of CPU each when each was read alone.
 */
const MIN_REREAD_WIDTH = 2 * LINE_HEIGHT;

type Crop = Awaited<ReturnType<typeof scaledLine>>;

/** The crops stacked and read at once: the line read in each crop, by the crop's index. */
async function readStack(engine: OcrEngine, crops: Crop[]): Promise<Map<number, RawLine>> {
  const width = Math.max(...crops.map(({ crop }) => crop.width)) + 2 * PAD;
  const placed: Placed[] = [];
  let top = GAP;
  for (const { crop, placement } of crops) {
    placed.push({ ...placement, top, height: crop.height });
    top += crop.height + GAP;
  }
  const { pgm, pixels: stack } = blankPgm(width, top);
  stack.fill(255);
  crops.forEach(({ crop }, index) => {
    for (let y = 0; y < crop.height; y++)
      stack.set(crop.data.subarray(y * crop.width, (y + 1) * crop.width), (placed[index]!.top + y) * width + PAD);
  });
  const read = await engine.recognize(pgm);
  return linesPerCrop(read, placed);
}

async function scaledLine(
  image: GrayImage,
  box: CropBox,
): Promise<{ crop: GrayImage; placement: Omit<Placed, 'top' | 'height'> }> {
  const { crop, x0, y0 } = cutBox(image, box);
  const upright = withoutRules(normaliseLine(evenLineGround(crop)).image);
  const scale = LINE_HEIGHT / upright.height;
  const width = Math.max(8, Math.round(upright.width * scale));
  const { data } = await sharp(upright.data, { raw: { width: upright.width, height: upright.height, channels: 1 } })
    .resize(width, LINE_HEIGHT, { fit: 'fill' })
    // The same pixels as .greyscale(), for less CPU (a screen's crops: 65 against 80 ms; decode.ts).
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    crop: { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width, height: LINE_HEIGHT },
    placement: { box, scale, x0, y0 },
  };
}

/**
 * Each line read belongs to the crop holding its vertical centre (a crop owns half the gap on
 * each side); the lines of one crop become one line. Words keep their order and gaps, their boxes
 * mapped back through the crop's scale.
 */
function linesPerCrop(read: RawLine[], placed: Placed[]): Map<number, RawLine> {
  const perCrop = new Map<number, RawLine[]>();
  for (const line of read) {
    const centre = (line.y0 + line.y1) / 2;
    const index = placed.findIndex((p) => centre >= p.top - GAP / 2 && centre < p.top + p.height + GAP / 2);
    if (index < 0) continue;
    perCrop.set(index, [...(perCrop.get(index) ?? []), line]);
  }
  const lines = new Map<number, RawLine>();
  for (const [index, parts] of perCrop) {
    const p = placed[index]!;
    const toScreen = (word: RawWord): RawWord => ({
      ...word,
      x0: p.x0 + (word.x0 - PAD) / p.scale,
      x1: p.x0 + (word.x1 - PAD) / p.scale,
      y0: Math.max(p.box.y0, p.y0 + (word.y0 - p.top) / p.scale),
      y1: Math.min(p.box.y1, p.y0 + (word.y1 - p.top) / p.scale),
    });
    const words = parts.sort((a, b) => a.x0 - b.x0).flatMap((part) => part.words.map(toScreen));
    if (!words.length) continue;
    lines.set(index, { ...lineOf(words), confidence: Math.min(...parts.map((part) => part.confidence)) });
  }
  return lines;
}
