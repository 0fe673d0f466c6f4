// Reads camera frames into screen models, doing as little OCR as it can: a frame whose bytes
// were seen before is answered from the cache; a frame whose content fingerprint is within the
// noise floor of the last read frame's reuses that reading (no warp at full size, no OCR);
// otherwise only the bands of the rectified screen that changed since the last frame are read
// again and merged with the lines kept from before (unless the caller asks for full reads).
import { createHash } from 'node:crypto';
import { encodePng } from '../../adapters/vision-sharp/decode.js';
import { prepareCameraFrame, prepareScreenshot, type Prepared, type PreprocessOptions } from '../../adapters/vision-sharp/preprocess.js';
import type { OcrEngine, RawLine } from '../../adapters/ocr-tesseract/tesseract-pool.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { changedRegions, overlapsBand, type Band } from '../../core/vision/changed-regions.js';
import { compareContent, DEFAULT_NOISE_FLOOR } from '../../core/vision/compare-content.js';
import type { ContentFingerprint } from '../../core/vision/content-fingerprint.js';
import { detectLayout } from '../../core/vision/detect-layout.js';
import { frameStats, type FrameStats } from '../../core/vision/frame-stats.js';
import { fingerprintCameraFrame, fingerprintScreenshot } from '../../adapters/vision-sharp/fingerprint-frame.js';
import type { PackedImage } from '../../core/vision/warp-gray.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { screenModel, type OcrLine, type ScreenModel } from '../../core/vision/screen-model.js';
import { invert } from '../../core/vision/contrast.js';
import { recognizeBothPolarities } from './both-polarities.js';
import { toDeviceLines } from './raw-to-model.js';
import { DEFAULT_REREAD_BELOW, rereadDoubtful } from './line-reread.js';

export interface ScreenReading {
  model: ScreenModel;
  stats: FrameStats;
  /**
   * How the reading was obtained: from the byte cache, the last reading reused because the
   * content did not change (the status bar's text may be stale), by reading bands again, or the whole screen.
   */
  source: 'cache' | 'unchanged' | 'bands' | 'full';
  bands: Band[];
  /** The content fingerprint of this frame (see content-fingerprint.ts). */
  content: ContentFingerprint;
  timings: { prepareMs: number; ocrMs: number; fingerprintMs: number };
}

export interface ScreenReaderOptions extends PreprocessOptions {
  /** Above this changed fraction the whole screen is read at once (default 0.5). */
  fullReadAbove?: number;
  /** Frames remembered by content hash (default 32). */
  cacheSize?: number;
  /** Lines read with a confidence (0..1) below this are re-read alone at 2x (default DEFAULT_REREAD_BELOW); -1 never. */
  rereadBelow?: number;
  /** Cell difference (gray levels) below which the content counts as unchanged (default DEFAULT_NOISE_FLOOR); -1 never reuses. */
  noiseFloor?: number;
}

type Input = { kind: 'camera'; calibration: ScreenCalibration } | { kind: 'screenshot' };

export class ScreenReader {
  private last?: { prepared: Prepared; lines: OcrLine[]; reading: ScreenReading };
  private readonly cache = new Map<string, ScreenReading>();

  constructor(private readonly engine: OcrEngine, private readonly input: Input, private readonly options: ScreenReaderOptions = {}) {}

  async read(image: Uint8Array): Promise<ScreenReading> {
    const hash = createHash('sha256').update(image).digest('hex');
    const cached = this.cache.get(hash);
    if (cached) return { ...cached, source: 'cache', timings: { prepareMs: 0, ocrMs: 0, fingerprintMs: 0 } };
    const started = performance.now();
    const { content, camera } = await this.fingerprint(image);
    const fingerprinted = performance.now();
    const floor = this.options.noiseFloor ?? DEFAULT_NOISE_FLOOR;
    if (this.last && floor >= 0 && !compareContent(this.last.reading.content, content, floor).changed) {
      return { ...this.last.reading, content, source: 'unchanged', bands: [], timings: { prepareMs: 0, ocrMs: 0, fingerprintMs: fingerprinted - started } };
    }
    const prepared = this.input.kind === 'camera'
      ? await prepareCameraFrame(image, this.input.calibration, this.options, camera)
      : await prepareScreenshot(image, this.options);
    const preparedAt = performance.now();
    const { lines, source, bands } = await this.readChanged(prepared);
    const reading: ScreenReading = {
      model: screenModel(this.deviceSize(prepared), lines, detectLayout(prepared.rectified, this.deviceSize(prepared))), stats: frameStats(prepared.rectified), source, bands, content,
      timings: { prepareMs: preparedAt - fingerprinted, ocrMs: performance.now() - preparedAt, fingerprintMs: fingerprinted - started },
    };
    this.last = { prepared, lines, reading };
    this.remember(hash, reading);
    return reading;
  }

  private async fingerprint(image: Uint8Array): Promise<{ content: ContentFingerprint; camera?: PackedImage }> {
    if (this.input.kind === 'screenshot') return { content: await fingerprintScreenshot(image) };
    const { print, camera } = await fingerprintCameraFrame(image, this.input.calibration);
    return { content: print, camera };
  }

  /** Forgets the previous frame: the next read is a full one. */
  reset(): void {
    this.last = undefined;
  }

  private async readChanged(prepared: Prepared): Promise<{ lines: OcrLine[]; source: 'bands' | 'full'; bands: Band[] }> {
    const { width, height } = prepared.image;
    const changes = this.last ? changedRegions(this.last.prepared.rectified, prepared.rectified) : undefined;
    if (!this.last || !changes || changes.changedFraction > (this.options.fullReadAbove ?? 0.5)) {
      const full = [{ y0: 0, y1: height }];
      return { lines: toDeviceLines(await this.recognize(prepared.image, plainOf(prepared)), prepared.toDevice), source: 'full', bands: full };
    }
    // Bands grow to cover whole lines kept from before, so no line is cut in two.
    const toPrepared = (y: number) => y / prepared.toDevice.y;
    const bands = mergeBands(changes.bands.map((band) => {
      const grown = { ...band };
      for (const line of this.last!.lines) {
        const box = { y: toPrepared(line.box.y), height: toPrepared(line.box.height) };
        if (overlapsBand(box, grown)) { grown.y0 = Math.max(0, Math.min(grown.y0, Math.floor(box.y) - 4)); grown.y1 = Math.min(height, Math.max(grown.y1, Math.ceil(box.y + box.height) + 4)); }
      }
      return grown;
    }));
    const kept = this.last.lines.filter((line) => !bands.some((band) => overlapsBand({ y: toPrepared(line.box.y), height: toPrepared(line.box.height) }, band)));
    // Each band is cut out and read on its own (tesseract's rectangle option read bands badly: measured).
    // Alone, light text on a mid-grey button often reads as nothing where the whole page read it: a
    // band that yields fewer lines than it replaces falls back to a full read, correctness first.
    // Bands are read side by side when the engine has more than one worker.
    const last = this.last;
    const bandLines = await Promise.all(bands.map((band) => this.recognize(paddedStrip(prepared.image, band), paddedStrip(plainOf(prepared), band))));
    const read: RawLine[][] = [];
    for (const [index, band] of bands.entries()) {
      const lines = bandLines[index]!;
      const replaced = last.lines.filter((line) => overlapsBand({ y: toPrepared(line.box.y), height: toPrepared(line.box.height) }, band)).length;
      if (lines.length < replaced) {
        return { lines: toDeviceLines(await this.recognize(prepared.image, plainOf(prepared)), prepared.toDevice), source: 'full', bands: [{ y0: 0, y1: height }] };
      }
      read.push(shiftLines(lines, band.y0 - STRIP_PAD));
    }
    return { lines: [...kept, ...read.flatMap((raw) => toDeviceLines(raw, prepared.toDevice))], source: 'bands', bands };
  }

  /** The page read in both polarities, then its doubtful lines read again alone at 2x. */
  private async recognize(image: GrayImage, plain: GrayImage): Promise<RawLine[]> {
    const lines = await recognizeBothPolarities(this.engine, image, plain);
    return rereadDoubtful(this.engine, image, lines, this.options.rereadBelow ?? DEFAULT_REREAD_BELOW);
  }

  private deviceSize(prepared: Prepared) {
    return this.input.kind === 'camera'
      ? this.input.calibration.deviceSize
      : { width: Math.round(prepared.image.width * prepared.toDevice.x), height: Math.round(prepared.image.height * prepared.toDevice.y) };
  }

  private remember(hash: string, reading: ScreenReading): void {
    this.cache.set(hash, reading);
    if (this.cache.size > (this.options.cacheSize ?? 32)) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** The picture before the contrast steps, the same way up as the page OCR reads (dark screens inverted). */
function plainOf(prepared: Prepared) {
  return prepared.inverted ? invert(prepared.rectified) : prepared.rectified;
}

function mergeBands(bands: Band[]): Band[] {
  const merged: Band[] = [];
  for (const band of [...bands].sort((a, b) => a.y0 - b.y0)) {
    const last = merged.at(-1);
    if (last && band.y0 <= last.y1) last.y1 = Math.max(last.y1, band.y1);
    else merged.push({ ...band });
  }
  return merged;
}

function shiftLines(lines: RawLine[], dy: number): RawLine[] {
  return lines.map((line) => ({
    ...line, y0: line.y0 + dy, y1: line.y1 + dy,
    words: line.words.map((word) => ({ ...word, y0: word.y0 + dy, y1: word.y1 + dy })),
  }));
}

/** Tesseract reads a strip better with a white margin above and below it (measured). */
const STRIP_PAD = 16;

function paddedStrip(image: { data: Uint8Array; width: number }, band: Band) {
  const { width } = image;
  const height = band.y1 - band.y0 + 2 * STRIP_PAD;
  const data = new Uint8Array(width * height).fill(255);
  data.set(image.data.subarray(band.y0 * width, band.y1 * width), STRIP_PAD * width);
  return { data, width, height };
}
