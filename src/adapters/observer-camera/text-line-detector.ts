// Finds the lines of text on a screen picture with PaddleOCR's DB detector (detector-model.ts) on
// onnxruntime-node, before anything is read: tesseract's own page segmentation loses text that
// sits in shapes, on mid-tones or in inverted polarity (issue 24), the detector does not.
// The picture is scaled to a long side of `longSide` px (multiples of 32, as the network wants)
// and run in horizontal tiles with an overlap, their probability maps stitched and turned into
// boxes (core/vision/text-line-boxes.ts). Why tiles: the network's activations grow with the
// input's area, and a whole 544×960 screen peaked ~150 MB above a 320-row tile (measured), on a Pi
// with 1 GB. One session serves every reader in the process (`sharedDetector`), one thread each:
// two threads spent 1.6× the CPU for the same boxes here (measured), and the Pi's other core reads.
import sharp from 'sharp';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { DB_DEFAULTS, textBoxes, type TextBox } from '../../core/vision/text-line-boxes.js';
import { detectorModel, loadOnnxRuntime, type DetectorModel, type OnnxRuntime } from './detector-model.js';

export interface DetectorOptions {
  /** The picture's long side at the detector, in px (default 960: 1 600 px cost 2× the CPU and 2× the memory). */
  longSide?: number;
  /** Rows per tile at the detector's scale (default 320). */
  tileRows?: number;
}

/** Rows each tile reads beyond its own, so a line across a tile's edge is seen whole. */
const TILE_OVERLAP = 32;
/** ImageNet's mean and deviation per channel, as PaddleOCR normalises the detector's input. */
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
/** Each channel's normalised value of each gray level: the picture is gray, so its three channels are one lookup each. */
const [RED, GREEN, BLUE] = MEAN.map((mean, channel) =>
  Float32Array.from({ length: 256 }, (_, level) => (level / 255 - mean) / STD[channel]!),
) as [Float32Array, Float32Array, Float32Array];

export class TextLineDetector {
  private constructor(
    private readonly ort: OnnxRuntime,
    private readonly session: import('onnxruntime-node').InferenceSession,
    readonly model: DetectorModel,
    private readonly options: Required<DetectorOptions>,
  ) {}

  static async open(options: DetectorOptions = {}): Promise<TextLineDetector | { missing: string }> {
    const model = detectorModel();
    if ('missing' in model) return model;
    const ort = await loadOnnxRuntime();
    if ('missing' in ort) return ort;
    const session = await ort.InferenceSession.create(model.path, {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // The arena keeps the activations' memory from one tile to the next: 5 % less CPU per run
      // (70 against 74 ms a tile) and no higher a peak (the Wi-Fi task on the virtual bench:
      // 386..388 MB against 390..418 MB without it; glibc kept the freed memory anyway).
      enableCpuMemArena: true,
      enableMemPattern: false,
    });
    return new TextLineDetector(ort, session, model, {
      longSide: options.longSide ?? 960,
      tileRows: options.tileRows ?? 320,
    });
  }

  /** The lines' boxes in `image`'s pixels, top to bottom. */
  async detect(image: GrayImage): Promise<TextBox[]> {
    const scale = Math.min(1, this.options.longSide / Math.max(image.width, image.height));
    const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
    const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
    const { data } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 1 } })
      .resize(width, height, { fit: 'fill' })
      // The same pixels as .greyscale(), for less CPU (decode.ts).
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const probability = new Float32Array(width * height);
    // One input for every tile, as large as the largest (its own rows and the overlap on both
    // sides, rounded up to 32): a tile is run before the next one is filled.
    const tallest = Math.ceil(Math.min(height, this.options.tileRows + 2 * TILE_OVERLAP) / 32) * 32;
    const input = new Float32Array(3 * width * tallest);
    for (let own = 0; own < height; own += this.options.tileRows)
      await this.runTile(data, width, height, own, Math.min(height, own + this.options.tileRows), input, probability);
    const sx = image.width / width,
      sy = image.height / height;
    return textBoxes(probability, width, height, DB_DEFAULTS).map((box) => ({
      x0: box.x0 * sx,
      y0: box.y0 * sy,
      x1: box.x1 * sx,
      y1: box.y1 * sy,
      score: box.score,
    }));
  }

  async close(): Promise<void> {
    await this.session.release();
  }

  /** Runs rows own0..own1 (with the overlap around them) and copies their own rows' probabilities out. */
  private async runTile(
    pixels: Uint8Array,
    width: number,
    height: number,
    own0: number,
    own1: number,
    input: Float32Array<ArrayBuffer>,
    probability: Float32Array,
  ): Promise<void> {
    const top = Math.max(0, own0 - TILE_OVERLAP),
      bottom = Math.min(height, own1 + TILE_OVERLAP);
    const rows = Math.ceil((bottom - top) / 32) * 32;
    const planes = networkInput(pixels.subarray(top * width, bottom * width), width * rows, input);
    const tensor = new this.ort.Tensor('float32', planes, [1, 3, rows, width]);
    const output = await this.session.run({ [this.session.inputNames[0]!]: tensor });
    const map = output[this.session.outputNames[0]!]!;
    const values = map.data as Float32Array;
    probability.set(values.subarray((own0 - top) * width, (own1 - top) * width), own0 * width);
    map.dispose();
    tensor.dispose();
  }
}

/**
 * The three planes of gray `pixels` normalised, each `plane` long, at the start of `into`: rows
 * past the pixels (a tile rounded up to 32 rows) are white. One pass fills all three (it was one
 * pass a plane: ~40 % less time, 4.2 against 6.8 ms a screen).
 */
export function networkInput(
  pixels: Uint8Array,
  plane: number,
  into = new Float32Array(3 * plane),
): Float32Array<ArrayBuffer> {
  const input = into.subarray(0, 3 * plane);
  for (let i = 0; i < pixels.length; i++) {
    const level = pixels[i]!;
    input[i] = RED[level]!;
    input[plane + i] = GREEN[level]!;
    input[2 * plane + i] = BLUE[level]!;
  }
  input.fill(RED[255]!, pixels.length, plane);
  input.fill(GREEN[255]!, plane + pixels.length, 2 * plane);
  input.fill(BLUE[255]!, 2 * plane + pixels.length, 3 * plane);
  return input;
}

let shared: Promise<TextLineDetector | { missing: string }> | undefined;

/** The process's one detector (one ONNX session, loaded once), or why there is none. */
export function sharedDetector(): Promise<TextLineDetector | { missing: string }> {
  shared ??= TextLineDetector.open();
  return shared;
}
