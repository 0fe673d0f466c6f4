// The camera observer's one factory: camera frame -> preprocess -> OCR -> screen model, all in
// this folder, built by the composition root (src/app/bench/open-bench.ts) through these three
// functions. A frame's path: camera-observer.ts -> screen-reader.ts (fingerprint-frame.ts,
// core/vision/incremental-read.ts) -> preprocess.ts / preprocess-bands.ts -> both-polarities.ts
// and line-reread.ts -> tesseract-pool.ts -> raw-to-model.ts -> core/vision/screen-model.ts.
import type { CameraPort } from '../../core/ports/camera.js';
import type { OcrEngine } from '../../core/ports/ocr.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import type { ScreenInput, ScreenReaderPort } from '../../core/ports/screen-reader.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { CameraObserver } from './camera-observer.js';
import { DEFAULT_OCR_MODEL, type OcrModelChoice } from './offline-options.js';
import { ScreenReader, type ScreenReaderOptions } from './screen-reader.js';
import { TesseractPool } from './tesseract-pool.js';

export type { OcrModelChoice, ResolvedModel } from './offline-options.js';
export { OCR_MODEL_CHOICES, OCR_MODEL_VARIABLE, ocrModelChoice, resolveModel } from './offline-options.js';
export type { ScreenReaderOptions } from './screen-reader.js';
export type { TesseractPool } from './tesseract-pool.js';

export interface OcrSettings {
  workers: number;
  /** Read a line on each worker at start, so the first frame is not the slow one (default true). */
  warmUp?: boolean;
  model?: OcrModelChoice;
}

/** The OCR engine: a pool of tesseract.js workers, offline, with the chosen English model. */
export function startOcr(settings: OcrSettings): Promise<TesseractPool> {
  return TesseractPool.start(settings.workers, {
    warmUp: settings.warmUp ?? true,
    model: settings.model ?? DEFAULT_OCR_MODEL,
  });
}

/** Reads pictures into screen models, reading again only what changed (screen-reader.ts). */
export function screenReader(ocr: OcrEngine, input: ScreenInput, options: ScreenReaderOptions = {}): ScreenReaderPort {
  return new ScreenReader(ocr, input, options);
}

/**
 * The real observer: the camera's frames read through a screen reader, with a verdict on each.
 * By default a changed screen is read by bands; `everyFrame`: read every frame whole, never reuse
 * or carry over a reading.
 */
export function cameraObserver(
  camera: CameraPort,
  ocr: OcrEngine,
  calibration: ScreenCalibration,
  options: { everyFrame?: boolean } = {},
): ObserverPort {
  return new CameraObserver(
    camera,
    new ScreenReader(
      ocr,
      { kind: 'camera', calibration },
      // A changed screen is read by bands (what changed read again, the rest carried over;
      // incremental-read.ts): on the virtual bench a changed observe costs about a fifth of a whole
      // read, and band reads read the shop's filled "Continue to payment" whole since a button's
      // label must span its ink to skip reading it alone (label-ink.ts; before, a band read it
      // "ontinue to paymen" and the unchanged screen kept that). `everyFrame` reads every frame whole.
      options.everyFrame ? { noiseFloor: -1, fullReadAbove: -1 } : {},
    ),
  );
}
