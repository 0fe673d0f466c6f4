// A small pool of tesseract.js workers, started once, warmed up with a line of text, and reused:
// jobs go to the first idle worker. Returns lines and words in the pixels of the image read.
import Tesseract from 'tesseract.js';
import sharp from 'sharp';
import { languageFolder, languageString } from './ocr-languages.js';
import {
  DEFAULT_OCR_MODEL,
  OEM_LSTM_ONLY,
  offlineWorkerOptions,
  PSM_SPARSE_TEXT,
  resolveModel,
  type OcrModelChoice,
  type ResolvedModel,
} from './offline-options.js';

import type { OcrEngine, RawLine, Rectangle } from '../../core/ports/ocr.js';
import { restoreWordGaps } from './word-gaps.js';

export class TesseractPool implements OcrEngine {
  /** The page's lines are tesseract's own (its page segmentation): the screen reader reads again what it loses. */
  readonly findsLines = false;
  private readonly idle: Tesseract.Worker[] = [];
  private readonly waiting: ((worker: Tesseract.Worker) => void)[] = [];

  private constructor(
    private readonly workers: Tesseract.Worker[],
    readonly model: ResolvedModel,
    private readonly wordGaps: boolean,
    readonly psm: string,
    readonly languages: string,
  ) {
    this.idle.push(...workers);
  }

  /** What reads, for doctor and the logs. */
  get description(): string {
    return `tesseract.js alone, page segmentation ${this.psm}, ${this.languages} (${this.model.model} model in ${this.model.dir})`;
  }

  /**
   * Starts `size` workers (default 1) and reads a warm-up line on each, so the first real frame is
   * not the slow one. `model`: which English model (offline-options.ts; default best_int); `psm`: page segmentation mode (default 11);
   * `wordGaps`: split words where the glyph boxes show a space and cut a field's caret off (word-gaps.ts; default true).
   */
  static async start(
    size = 1,
    options: {
      warmUp?: boolean;
      model?: OcrModelChoice;
      psm?: string;
      wordGaps?: boolean;
      /** Languages besides English (ocr-languages.ts); default English alone. */
      languages?: readonly string[];
      /**
       * Let tesseract read a doubtful line again inverted (its tessedit_do_invert; default true).
       * False where every line is made dark-on-light before it is read (the line detector's
       * stack): the second, inverted reading never wins there and cost 8 % of the stack's CPU.
       */
      invertedLines?: boolean;
    } = {},
  ): Promise<TesseractPool> {
    const model = resolveModel(options.model ?? DEFAULT_OCR_MODEL);
    const languages = options.languages ?? ['eng'];
    const folder = languageFolder(model, languages);
    const psm = options.psm ?? PSM_SPARSE_TEXT;
    const workers = await Promise.all(
      Array.from({ length: size }, () =>
        startWorker(languageString(languages), folder, psm, options.invertedLines ?? true),
      ),
    );
    const pool = new TesseractPool(workers, model, options.wordGaps ?? true, psm, languageString(languages));
    if (options.warmUp === false) return pool;
    const warmUp = await warmUpImage();
    await Promise.all(workers.map((worker) => worker.recognize(warmUp)));
    return pool;
  }

  get size(): number {
    return this.workers.length;
  }

  async recognize(image: Uint8Array, rectangle?: Rectangle): Promise<RawLine[]> {
    const worker = await this.acquire();
    try {
      const result = await worker.recognize(
        Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        rectangle ? { rectangle } : {},
        { blocks: true, text: false },
      );
      return linesOf(result.data, this.wordGaps);
    } finally {
      this.release(worker);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private acquire(): Promise<Tesseract.Worker> {
    const worker = this.idle.pop();
    return worker ? Promise.resolve(worker) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Tesseract.Worker): void {
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }
}

async function startWorker(
  languages: string,
  folder: { dir: string; gzip: boolean },
  psm: string,
  invertedLines: boolean,
): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker(languages, OEM_LSTM_ONLY, {
    ...offlineWorkerOptions(),
    langPath: folder.dir,
    gzip: folder.gzip,
  });
  // A phone screen read at 540..1080 px wide is about 150 dpi; without it tesseract guesses (and warns).
  await worker.setParameters({
    tessedit_pageseg_mode: psm as Tesseract.PSM,
    user_defined_dpi: '150',
    ...(invertedLines ? {} : { tessedit_do_invert: '0' }),
  });
  return worker;
}

async function warmUpImage(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="60"><rect width="360" height="60" fill="white"/><text x="10" y="40" font-family="DejaVu Sans" font-size="28">Warm up 0123</text></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function linesOf(page: Tesseract.Page, wordGaps: boolean): RawLine[] {
  const lines: RawLine[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const read = line.words
          .filter((w) => w.text.trim())
          .map((w) => ({
            text: w.text,
            confidence: w.confidence,
            ...w.bbox,
            glyphs: (w.symbols ?? []).map((s) => ({ text: s.text, confidence: s.confidence, ...s.bbox })),
          }));
        const words = wordGaps ? restoreWordGaps(read) : read.map(({ glyphs: _, ...word }) => word);
        if (words.length)
          lines.push({ text: words.map((w) => w.text).join(' '), confidence: line.confidence, ...line.bbox, words });
      }
    }
  }
  return lines;
}
