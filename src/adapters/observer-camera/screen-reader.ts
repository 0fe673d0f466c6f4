// Reads camera frames into screen models, doing as little OCR as it can: a frame whose bytes
// were seen before is answered from the cache; a frame whose content fingerprint is within the
// noise floor of the last read frame's reuses that reading (no warp at full size, no OCR);
// otherwise the places that changed (by the same fingerprints) are read again as full-width
// bands and merged with the lines carried over from before (core/vision/incremental-read.ts:
// a line is carried over only when no band touches it), unless the change is large, the band
// reads have gone on too long, or the bands did not read again a line whose place still shows
// ink: then the whole screen is read. The status bar is outside the fingerprint: its text may be
// stale between whole reads. Every line says which picture it was read from (OcrLine.readFrom): a
// line carried over or reused keeps its own, so a check after an action can refuse one read from
// a picture taken before it, and ask for a read anew (ReadOptions.anew: nothing reused or carried).
import { createHash } from 'node:crypto';
import { prepareCameraFrame, prepareScreenshot, type Prepared, type PreprocessOptions } from './preprocess.js';
import type { OcrEngine, RawLine } from '../../core/ports/ocr.js';
import type { ReadOptions, ScreenInput, ScreenReaderPort, ScreenReading } from '../../core/ports/screen-reader.js';
import type { Band } from '../../core/vision/changed-regions.js';
import {
  carriedOver,
  growOver,
  missedLines,
  planRead,
  showsInk,
  type DeviceBand,
} from '../../core/vision/incremental-read.js';
import { oldestReadFrom, type Box } from '../../core/vision/ocr-line.js';
import type { LayoutHints } from '../../core/vision/screen-elements.js';
import { prepareCameraBands } from './preprocess-bands.js';
import { compareContent, DEFAULT_NOISE_FLOOR } from '../../core/vision/compare-content.js';
import type { ContentFingerprint } from '../../core/vision/content-fingerprint.js';
import { detectLayout } from '../../core/vision/detect-layout.js';
import { withLineShapes } from '../../core/vision/line-shapes.js';
import { frameStats } from '../../core/vision/frame-stats.js';
import { fingerprintCameraFrame, fingerprintScreenshot } from './fingerprint-frame.js';
import type { PackedImage } from '../../core/vision/warp-gray.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { screenModel, type OcrLine } from '../../core/vision/screen-model.js';
import { invert } from '../../core/vision/contrast.js';
import { recognizeBothPolarities } from './both-polarities.js';
import { encodeForOcr } from './decode.js';
import { readDotRuns } from './dot-runs.js';
import { toDeviceLines } from './raw-to-model.js';
import { withoutBarIcons } from './icon-words.js';
import { withoutStrayMarks } from '../../core/vision/stray-marks.js';
import { withFieldDots } from './field-dots.js';
import { DEFAULT_REREAD_BELOW, rereadDoubtful } from './line-reread.js';

export type { ScreenReading } from '../../core/ports/screen-reader.js';

export interface ScreenReaderOptions extends PreprocessOptions {
  /** Above this share of changed content cells the whole screen is read (default 0.35); -1 always reads it whole. */
  fullReadAbove?: number;
  /** After this many band reads in a row the next read is whole (default 8). */
  fullReadEvery?: number;
  /** Frames remembered by content hash (default 32). */
  cacheSize?: number;
  /** Lines read with a confidence (0..1) below this are re-read alone at 2x (default DEFAULT_REREAD_BELOW); -1 never. */
  rereadBelow?: number;
  /** Cell difference (gray levels) below which the content counts as unchanged (default DEFAULT_NOISE_FLOOR); -1 never reuses. */
  noiseFloor?: number;
  /** Divide a PWM-dimmed display's rolling-shutter bands out of a camera frame that shows them (default true; core/vision/deband-rows.ts). */
  deband?: boolean;
  /** Keep what OCR reads of the system bars' icons ("WV", "O"; icon-words.ts); default false: dropped. */
  keepBarIcons?: boolean;
}

type Input = ScreenInput;

export class ScreenReader implements ScreenReaderPort {
  private last?: { prepared: Prepared; lines: OcrLine[]; reading: ScreenReading; layout: LayoutHints };
  private bandReadsInARow = 0;
  private readonly cache = new Map<string, ScreenReading>();

  constructor(
    private readonly engine: OcrEngine,
    private readonly input: Input,
    private readonly options: ScreenReaderOptions = {},
  ) {}

  async read(image: Uint8Array, options: ReadOptions = {}): Promise<ScreenReading> {
    const hash = createHash('sha256').update(image).digest('hex');
    // The same bytes again: its lines' pictures are the earlier one's (kept: never newer than read).
    const cached = options.anew ? undefined : this.cache.get(hash);
    if (cached) return { ...cached, source: 'cache', timings: { prepareMs: 0, ocrMs: 0, fingerprintMs: 0 } };
    const started = performance.now();
    const { content, camera, gray } = await this.fingerprint(image);
    const fingerprinted = performance.now();
    const floor = this.options.noiseFloor ?? DEFAULT_NOISE_FLOOR;
    const change = this.last
      ? compareContent(this.last.reading.content, content, floor >= 0 ? floor : DEFAULT_NOISE_FLOOR)
      : undefined;
    if (this.last && floor >= 0 && !change!.changed && !options.anew) {
      return {
        ...this.last.reading,
        content,
        source: 'unchanged',
        bands: [],
        fullBecause: undefined,
        timings: { prepareMs: 0, ocrMs: 0, fingerprintMs: fingerprinted - started },
      };
    }
    const deviceSize = this.input.kind === 'camera' ? this.input.calibration.deviceSize : undefined;
    const fullReadAbove = this.options.fullReadAbove ?? 0.35;
    const plan =
      fullReadAbove < 0 || options.anew
        ? { kind: 'full' as const, reason: options.anew ? 'a read anew asked for' : 'whole reads asked for' }
        : this.input.kind !== 'camera' || !change
          ? { kind: 'full' as const, reason: change ? 'a screenshot' : 'no earlier reading' }
          : planRead(
              {
                change,
                previous: this.last?.lines,
                deviceSize: deviceSize!,
                bandReadsInARow: this.bandReadsInARow,
                shapes: this.last ? shapesOf(this.last.layout) : [],
              },
              { fullReadAbove, fullReadEvery: this.options.fullReadEvery },
            );
    let read: { prepared: Prepared; lines: OcrLine[]; bands: Band[]; layout?: LayoutHints } | undefined;
    let fullBecause = plan.kind === 'full' ? plan.reason : undefined;
    if (plan.kind === 'bands' && camera && this.last) {
      const banded = await this.readBands(camera, this.last, plan.bands, plan.kept, options.taken);
      if (typeof banded === 'string') fullBecause = banded;
      else read = banded;
    }
    if (!read) {
      const prepared =
        this.input.kind === 'camera'
          ? await prepareCameraFrame(image, this.input.calibration, this.options, camera)
          : await prepareScreenshot(image, this.options, gray);
      read = {
        prepared,
        lines: stamped(
          toDeviceLines(await this.recognize(prepared.image, plainOf(prepared)), prepared.toDevice),
          options.taken,
        ),
        bands: [{ y0: 0, y1: this.deviceSize(prepared).height }],
      };
    }
    this.bandReadsInARow = fullBecause === undefined ? this.bandReadsInARow + 1 : 0;
    const { prepared, bands } = read;
    const upright = prepared.upright && { image: prepared.upright, inverted: prepared.inverted };
    const shapesLayout = read.layout ?? detectLayout(prepared.rectified, this.deviceSize(prepared), upright);
    const lines = stampedMade(
      withFieldDots(
        withoutStrayMarks(
          this.options.keepBarIcons ? read.lines : withoutBarIcons(read.lines, this.deviceSize(prepared)),
          this.deviceSize(prepared),
        ),
        prepared.image,
        shapesLayout.shapes ?? [],
        prepared.toDevice,
      ),
      read.lines,
      bands,
      options.taken,
    );
    // A faint fill round a short label (a grey button through the camera) is a button too, a hint on the action bar a field.
    const layout = withLineShapes(shapesLayout, prepared.rectified, this.deviceSize(prepared), lines, upright);
    const doneAt = performance.now();
    const reading: ScreenReading = {
      model: screenModel(this.deviceSize(prepared), lines, layout),
      stats: frameStats(prepared.rectified),
      source: fullBecause === undefined ? 'bands' : 'full',
      bands,
      content,
      ...(fullBecause !== undefined ? { fullBecause } : {}),
      timings: {
        prepareMs: sum(prepared.timings),
        ocrMs: doneAt - fingerprinted - sum(prepared.timings),
        fingerprintMs: fingerprinted - started,
      },
    };
    this.last = { prepared, lines, reading, layout };
    this.remember(hash, reading);
    return reading;
  }

  private async fingerprint(
    image: Uint8Array,
  ): Promise<{ content: ContentFingerprint; camera?: PackedImage; gray?: GrayImage }> {
    if (this.input.kind === 'screenshot') {
      const { print, gray } = await fingerprintScreenshot(image);
      return { content: print, gray };
    }
    const { print, camera } = await fingerprintCameraFrame(image, this.input.calibration, this.options.deband ?? true);
    return { content: print, camera };
  }

  /** Forgets the previous frame: the next read is a full one. */
  reset(): void {
    this.last = undefined;
    this.bandReadsInARow = 0;
  }

  /**
   * The bands read again on the last prepared pictures with their rows made anew; instead, the
   * reason for a whole read when a line of the last reading in the bands was not read again while
   * its place still shows ink (light text on a mid-grey button can read as nothing alone where the
   * whole page read it; a line whose place is blank now is gone: core/vision/incremental-read.ts
   * missedLines), or when the bands grown over the shapes they cut cover most of the screen:
   * correctness first.
   * Bands are read side by side when the engine has more than one worker.
   */
  private async readBands(
    camera: PackedImage,
    last: NonNullable<ScreenReader['last']>,
    planned: DeviceBand[],
    plannedKept: OcrLine[],
    taken: ReadOptions['taken'],
  ): Promise<{ prepared: Prepared; lines: OcrLine[]; bands: Band[]; layout: LayoutHints } | string> {
    if (this.input.kind !== 'camera') return 'a screenshot';
    const scale = last.prepared.toDevice.y,
      height = last.prepared.image.height;
    const deviceSize = this.input.calibration.deviceSize;
    const rowsOf = (device: DeviceBand[]) =>
      device.map((band) => ({
        y0: Math.max(0, Math.floor(band.y0 / scale)),
        y1: Math.min(height, Math.ceil(band.y1 / scale)),
      }));
    let bands = planned,
      kept = plannedKept;
    let rows = rowsOf(bands);
    let prepared = await prepareCameraBands(camera, this.input.calibration, last.prepared, rows);
    // A shape new in this frame (a button moved down by an error line above it) may cross a band's
    // edge: the band grows over it and is prepared again, so its label is read with all its fill.
    let layout = detectLayout(prepared.rectified, deviceSize);
    const grown = growOver(bands, [...last.lines.map((line) => line.box), ...shapesOf(layout)], deviceSize.height);
    if (
      grown.length !== bands.length ||
      grown.some((band, i) => band.y0 !== bands[i]!.y0 || band.y1 !== bands[i]!.y1)
    ) {
      if (grown.reduce((sum, band) => sum + band.y1 - band.y0, 0) > 0.6 * deviceSize.height)
        return 'the bands grown over the shapes they cut cover most of the screen';
      bands = grown;
      kept = carriedOver(last.lines, bands);
      rows = rowsOf(bands);
      prepared = await prepareCameraBands(camera, this.input.calibration, last.prepared, rows);
      layout = detectLayout(prepared.rectified, deviceSize);
    }
    // Each band is cut out and read on its own (tesseract's rectangle option read bands badly: measured).
    const bandLines = await Promise.all(
      rows.map((band) => this.recognize(paddedStrip(prepared.image, band), paddedStrip(plainOf(prepared), band))),
    );
    const read = bands.flatMap((_, index) =>
      stamped(toDeviceLines(shiftLines(bandLines[index]!, rows[index]!.y0 - STRIP_PAD), prepared.toDevice), taken),
    );
    const toPicture = ({ x, y, width, height }: Box): Box => ({
      x: x / prepared.toDevice.x,
      y: y / prepared.toDevice.y,
      width: width / prepared.toDevice.x,
      height: height / prepared.toDevice.y,
    });
    const replaced = last.lines.filter((line) => !kept.includes(line));
    const missed = missedLines(replaced, read, (box) => showsInk(prepared.image, toPicture(box)));
    if (missed.length) return `a band read nothing where "${missed[0]!.text}" still shows`;
    return { prepared, lines: [...kept, ...read], bands, layout };
  }

  /**
   * The page read in both polarities, then its doubtful lines read again alone at 2x; by an engine
   * that finds its lines, read once (each line is normalised alone), a password field's dots told apart.
   */
  private async recognize(image: GrayImage, plain: GrayImage): Promise<RawLine[]> {
    // The picture before the flat-field: it flattens a filled button into a noisy mid-grey with
    // halos round its label ("Verify" read "vert" on the widened corpus); each line's own stretch
    // evens out the light across a line, which is all a line needs.
    if (this.engine.findsLines) return readDotRuns(await this.engine.recognize(encodeForOcr(plain)), image);
    const lines = await recognizeBothPolarities(this.engine, image, plain);
    return rereadDoubtful(this.engine, image, lines, this.options.rereadBelow ?? DEFAULT_REREAD_BELOW);
  }

  private deviceSize(prepared: Prepared) {
    return this.input.kind === 'camera'
      ? this.input.calibration.deviceSize
      : {
          width: Math.round(prepared.image.width * prepared.toDevice.x),
          height: Math.round(prepared.image.height * prepared.toDevice.y),
        };
  }

  private remember(hash: string, reading: ScreenReading): void {
    this.cache.set(hash, reading);
    if (this.cache.size > (this.options.cacheSize ?? 32)) this.cache.delete(this.cache.keys().next().value!);
  }
}

/** Lines read from the picture `taken`: each says so. */
function stamped(lines: OcrLine[], taken: ReadOptions['taken']): OcrLine[] {
  return taken ? lines.map((line) => ({ ...line, readFrom: taken })) : lines;
}

/**
 * Lines a correction made after reading (a password field's dots) say no picture of their own: one
 * in the rows read now is of this picture; one outside them is of the picture those rows were read
 * from, at best the oldest of the lines going in (never newer than it may be).
 */
function stampedMade(
  lines: OcrLine[],
  goingIn: readonly OcrLine[],
  bands: readonly Band[],
  taken: ReadOptions['taken'],
) {
  if (!taken) return lines;
  const oldest = oldestReadFrom(goingIn) ?? taken;
  return lines.map((line) =>
    line.readFrom
      ? line
      : {
          ...line,
          readFrom: bands.some((band) => line.box.y < band.y1 && line.box.y + line.box.height > band.y0)
            ? taken
            : oldest,
        },
  );
}

/** The boxes a band must not cut: drawn shapes and panels (never the status or navigation bar, which span the width). */
function shapesOf(layout: LayoutHints): Box[] {
  return [
    ...(layout.shapes ?? []).map((shape) => shape.box),
    ...(layout.regions ?? [])
      .filter((region) => region.kind !== 'status_bar' && region.kind !== 'navigation_bar')
      .map((region) => region.box),
  ];
}

/** The picture before the contrast steps, the same way up as the page OCR reads (dark screens inverted). */
function plainOf(prepared: Prepared) {
  return prepared.upright ?? (prepared.inverted ? invert(prepared.rectified) : prepared.rectified);
}

function shiftLines(lines: RawLine[], dy: number): RawLine[] {
  return lines.map((line) => ({
    ...line,
    y0: line.y0 + dy,
    y1: line.y1 + dy,
    words: line.words.map((word) => ({ ...word, y0: word.y0 + dy, y1: word.y1 + dy })),
  }));
}

/**
 * Tesseract reads a strip better with a margin above and below it (measured), of the strip's own
 * ground: the prepared picture's ground is light grey (about 205), not white, and in a strip of
 * sparse text white margins made tesseract's threshold fall between them and the ground, so it
 * read nothing (the Wi-Fi list's "Previous" and "More", read whole on the same frame by a whole read).
 */
const STRIP_PAD = 16;

function paddedStrip(image: { data: Uint8Array; width: number }, band: Band) {
  const { width } = image;
  const rows = image.data.subarray(band.y0 * width, band.y1 * width);
  const height = band.y1 - band.y0 + 2 * STRIP_PAD;
  const data = new Uint8Array(width * height).fill(groundOf(rows));
  data.set(rows, STRIP_PAD * width);
  return { data, width, height };
}

/** The median of a sample of the pixels: the ground of a picture mostly ground. */
function groundOf(pixels: Uint8Array): number {
  const step = Math.max(1, Math.floor(pixels.length / 4096));
  const sample: number[] = [];
  for (let i = 0; i < pixels.length; i += step) sample.push(pixels[i]!);
  sample.sort((a, b) => a - b);
  return sample[sample.length >> 1] ?? 255;
}

const sum = (timings: Prepared['timings']) => timings.decodeMs + timings.warpMs + timings.contrastMs;
