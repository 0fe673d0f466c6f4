// A typed field read again alone (issue 27 item 2): the camera frame the screen was read from,
// warped upright at the camera's own resolution, the field's box cut out with a margin, made
// dark-on-light, upscaled to a text height tesseract reads best, and read as ONE line (page
// segmentation 7), optionally constrained to a set of characters (tesseract's whitelist). The
// agent knows what it typed: a line read of the field alone, limited to the characters it could
// hold, does not turn "m" into "rn" or glue the field's label to the value the way a whole-page
// read can. Its own worker, started on first use and kept: the page's workers are set up for whole
// pages and must not have their parameters changed under them.
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import type { CameraFrame } from '../../core/ports/camera.js';
import type { Box } from '../../core/vision/ocr-line.js';
import type { FieldReadOptions, FieldReading } from '../../core/ports/observer.js';
import { screenSizeInCamera, type ScreenCalibration } from '../../core/vision/calibration.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { encodeForOcr } from './decode.js';
import { decodeRaw, rectifyGray } from './fingerprint-frame.js';
import { OEM_LSTM_ONLY, offlineWorkerOptions, resolveModel } from './offline-options.js';

/** Page segmentation mode 7: the picture is one line of text. */
const PSM_SINGLE_LINE = '7';
/** Device pixels kept round the field's box (a caret or a descender at its edge). */
const MARGIN = 8;
/** The height (px) the text's rows (a quarter of their height above and below) are scaled to: about 2x a phone field's text as a camera sees it; at 1x "gQ8-rnv#Zx1!" read "gQ8-rv#Zx1Y" (measured on the bench's contact-caret device). */
const TEXT_HEIGHT = 80;
const PAD = 20;

export class FieldReader {
  private worker?: Promise<Tesseract.Worker>;
  /** One read at a time: the whitelist is the worker's state. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly calibration: ScreenCalibration) {}

  /** `box`: the field's text in device pixels. Undefined when the box is off the picture or too small to read. */
  read(frame: CameraFrame, box: Box, options: FieldReadOptions = {}): Promise<FieldReading | undefined> {
    const job = this.queue.then(() => this.readNow(frame, box, options));
    this.queue = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }

  private async readNow(frame: CameraFrame, box: Box, options: FieldReadOptions): Promise<FieldReading | undefined> {
    const crop = await this.cropOf(frame, box);
    if (!crop) return undefined;
    const worker = await this.start();
    await worker.setParameters({ tessedit_char_whitelist: options.allowed ?? '' });
    const result = await worker.recognize(Buffer.from(encodeForOcr(crop)), {}, { text: true });
    const text = result.data.text.replace(/\s+/g, ' ').trim();
    return { text, confidence: result.data.confidence / 100 };
  }

  private start(): Promise<Tesseract.Worker> {
    this.worker ??= (async () => {
      const model = resolveModel('best_int');
      const worker = await Tesseract.createWorker('eng', OEM_LSTM_ONLY, offlineWorkerOptions(model));
      await worker.setParameters({
        tessedit_pageseg_mode: PSM_SINGLE_LINE as Tesseract.PSM,
        user_defined_dpi: '300',
      });
      return worker;
    })();
    return this.worker;
  }

  /** The field's box cut from the upright screen, dark text on light, scaled so its text is TEXT_HEIGHT tall. */
  private async cropOf(frame: CameraFrame, box: Box): Promise<GrayImage | undefined> {
    const { deviceSize, screenCorners } = this.calibration;
    const camera = await decodeRaw(frame.image);
    // At the camera's own resolution: every pixel the camera has of the field, none invented.
    const width = Math.round(Math.min(deviceSize.width, Math.max(540, screenSizeInCamera(screenCorners).width)));
    const upright = rectifyGray(camera, this.calibration, width);
    const scale = width / deviceSize.width;
    const x0 = Math.max(0, Math.floor((box.x - MARGIN) * scale)),
      y0 = Math.max(0, Math.floor((box.y - MARGIN) * scale));
    const x1 = Math.min(upright.width, Math.ceil((box.x + box.width + MARGIN) * scale)),
      y1 = Math.min(upright.height, Math.ceil((box.y + box.height + MARGIN) * scale));
    if (x1 - x0 < 8 || y1 - y0 < 6) return undefined;
    const cut = new Uint8Array((x1 - x0) * (y1 - y0));
    for (let y = y0; y < y1; y++)
      cut.set(upright.data.subarray(y * upright.width + x0, y * upright.width + x1), (y - y0) * (x1 - x0));
    const sorted = Uint8Array.from(cut).sort();
    const dark = (sorted[sorted.length >> 1] ?? 255) < 128;
    const upright_ = dark ? cut.map((v) => 255 - v) : cut;
    const cropWidth = x1 - x0;
    const rows = textRows({ data: upright_, width: cropWidth, height: y1 - y0 });
    if (!rows) return undefined;
    const factor = Math.max(1, TEXT_HEIGHT / (rows.y1 - rows.y0));
    // Ink black, the rest white: a field's shading (a grey gradient at its end) read as letters otherwise ("EE").
    const band = upright_.subarray(rows.y0 * cropWidth, rows.y1 * cropWidth).map((v) => (v < rows.threshold ? v : 255));
    const { data, info } = await sharp(Buffer.from(band), {
      raw: { width: cropWidth, height: rows.y1 - rows.y0, channels: 1 },
    })
      .resize(Math.round(cropWidth * factor), Math.round((rows.y1 - rows.y0) * factor), { kernel: 'cubic' })
      .normalise()
      .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: { r: 255, g: 255, b: 255 } })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  }
}

/** A row this dark across most of the crop is a field's underline or outline, not text. */
const RULE_SHARE = 0.5;

/**
 * The rows of the crop's tallest run of text (dark on light), with a quarter of its height above
 * and below: a field's box also holds its underline, its label's last pixels and empty padding,
 * and the scale to TEXT_HEIGHT must be the text's own. Undefined when the crop shows no ink.
 */
function textRows(image: GrayImage): { y0: number; y1: number; threshold: number } | undefined {
  const { data, width, height } = image;
  const sorted = Uint8Array.from(data).sort();
  const ground = sorted[sorted.length >> 1] ?? 255,
    darkest = sorted[0] ?? 0;
  if (ground - darkest < 40) return undefined;
  const threshold = (ground + darkest) / 2;
  const inked: boolean[] = [];
  for (let y = 0; y < height; y++) {
    let count = 0;
    for (let x = 0; x < width; x++) if (data[y * width + x]! < threshold) count++;
    inked.push(count > 0 && count < RULE_SHARE * width);
  }
  let best: { y0: number; y1: number } | undefined;
  for (let y = 0; y < height;) {
    if (!inked[y]) {
      y++;
      continue;
    }
    let end = y;
    // A gap of a row or two inside a line (between a letter's dot and its stem) does not end it.
    while (end < height && (inked[end] || inked[end + 1] || inked[end + 2])) end++;
    if (!best || end - y > best.y1 - best.y0) best = { y0: y, y1: end };
    y = end + 1;
  }
  if (!best) return undefined;
  const margin = Math.ceil((best.y1 - best.y0) / 4);
  return { y0: Math.max(0, best.y0 - margin), y1: Math.min(height, best.y1 + margin), threshold };
}
