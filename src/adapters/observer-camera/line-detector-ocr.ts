// The OCR engine that finds lines before it reads them: the text-line detector
// (text-line-detector.ts) boxes every line of the picture, and the boxes are read at once as a
// stack of normalised line crops by a tesseract.js pool in block mode (stacked-lines.ts).
// Behind the same OcrEngine port as the plain pool; `findsLines` tells the screen reader that the
// page's polarity and its buttons need no second reading (each line is made dark-on-light alone).
import type { OcrEngine, RawLine, Rectangle } from '../../core/ports/ocr.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { decodeGray, encodeForOcr } from './decode.js';
import { readStackedLines } from './stacked-lines.js';
import { shiftLine } from './shift-line.js';
import { cutBox } from '../../core/vision/line-crop.js';
import type { TesseractPool } from './tesseract-pool.js';
import type { TextLineDetector } from './text-line-detector.js';

export class LineDetectorOcr implements OcrEngine {
  readonly findsLines = true;

  constructor(
    private readonly detector: TextLineDetector,
    /** A pool started with page segmentation 6 (a block of text): it reads the stacked lines. */
    readonly pool: TesseractPool,
  ) {}

  /** What reads, for doctor and the logs. */
  get description(): string {
    return `text-line detector (${this.detector.model.description}) then tesseract.js (${this.pool.model.model} model in ${this.pool.model.dir}) on the stacked lines`;
  }

  get size(): number {
    return this.pool.size;
  }

  async recognize(image: Uint8Array, rectangle?: Rectangle): Promise<RawLine[]> {
    const whole = decodePgm(image) ?? (await decodeGray(image));
    const part = rectangle
      ? cutBox(whole, {
          x0: rectangle.left,
          y0: rectangle.top,
          x1: rectangle.left + rectangle.width,
          y1: rectangle.top + rectangle.height,
        }).crop
      : whole;
    const boxes = await this.detector.detect(part);
    const lines = await readStackedLines(this.pool, part, boxes);
    return rectangle ? lines.map((line) => shiftLine(line, rectangle.left, rectangle.top)) : lines;
  }

  /** One small picture through the detector and the pool, so the first real frame is not the slow one. */
  async warmUp(): Promise<void> {
    const width = 320,
      height = 64;
    const data = new Uint8Array(width * height).fill(255);
    // A dark bar where a line of text would be: enough for the network to run all its layers.
    for (let y = 24; y < 40; y++) data.fill(0, y * width + 16, y * width + 200);
    await this.recognize(encodeForOcr({ data, width, height }));
  }

  async close(): Promise<void> {
    // The detector is the process's shared one (text-line-detector.ts sharedDetector): it stays.
    await this.pool.close();
  }
}

/** The binary PGM that encodeForOcr writes, read without a decoder; anything else: undefined. */
function decodePgm(bytes: Uint8Array): GrayImage | undefined {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x35) return undefined;
  const header = new TextDecoder().decode(bytes.subarray(0, 64));
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
  if (!match) return undefined;
  const width = Number(match[1]),
    height = Number(match[2]);
  return { data: bytes.subarray(match[0].length, match[0].length + width * height), width, height };
}
