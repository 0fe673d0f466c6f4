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
      // Without the arena, memory of a run goes back between runs instead of staying reserved.
      enableCpuMemArena: false,
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
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const probability = new Float32Array(width * height);
    for (let own = 0; own < height; own += this.options.tileRows)
      await this.runTile(data, width, height, own, Math.min(height, own + this.options.tileRows), probability);
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
    probability: Float32Array,
  ): Promise<void> {
    const top = Math.max(0, own0 - TILE_OVERLAP),
      bottom = Math.min(height, own1 + TILE_OVERLAP);
    const rows = Math.ceil((bottom - top) / 32) * 32;
    const plane = width * rows;
    const input = new Float32Array(3 * plane);
    for (let channel = 0; channel < 3; channel++) {
      const lookup = Float32Array.from({ length: 256 }, (_, v) => (v / 255 - MEAN[channel]!) / STD[channel]!);
      const offset = channel * plane;
      // Rows past the picture (the tile rounded up to 32) are white.
      input.fill(lookup[255]!, offset, offset + plane);
      for (let i = 0, n = (bottom - top) * width; i < n; i++) input[offset + i] = lookup[pixels[top * width + i]!]!;
    }
    const tensor = new this.ort.Tensor('float32', input, [1, 3, rows, width]);
    const output = await this.session.run({ [this.session.inputNames[0]!]: tensor });
    const map = output[this.session.outputNames[0]!]!;
    const values = map.data as Float32Array;
    probability.set(values.subarray((own0 - top) * width, (own1 - top) * width), own0 * width);
    map.dispose();
    tensor.dispose();
  }
}

let shared: Promise<TextLineDetector | { missing: string }> | undefined;

/** The process's one detector (one ONNX session, loaded once), or why there is none. */
export function sharedDetector(): Promise<TextLineDetector | { missing: string }> {
  shared ??= TextLineDetector.open();
  return shared;
}
