// The camera observer's one factory: camera frame -> preprocess -> OCR -> screen model, all in
// this folder, built by the composition root (src/app/bench/open-bench.ts) through these three
// functions; the observer pipeline (src/app/bench/observer-pipeline.ts) hands the camera's frames
// to the reader. A frame's path: screen-reader.ts (fingerprint-frame.ts,
// core/vision/incremental-read.ts) -> preprocess.ts / preprocess-bands.ts -> the OCR engine:
// line-detector-ocr.ts (text-line-detector.ts finds the lines, stacked-lines.ts reads them with
// tesseract-pool.ts), or where the detector cannot run, both-polarities.ts and line-reread.ts on
// tesseract-pool.ts alone -> raw-to-model.ts -> core/vision/screen-model.ts.
import type { OcrEngine } from '../../core/ports/ocr.js';
import type { ScreenInput, ScreenReaderPort } from '../../core/ports/screen-reader.js';
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import type { CameraPort } from '../../core/ports/camera.js';
import type { Clock } from '../../core/ports/clock.js';
import type { RetakePolicy } from '../../core/vision/retake-policy.js';
import { FieldReader } from './field-reader.js';
import { GatedCapture } from './gated-capture.js';
import { DEFAULT_OCR_MODEL, type OcrModelChoice } from './offline-options.js';
import { ScreenReader, type ScreenReaderOptions } from './screen-reader.js';
import { LineDetectorOcr } from './line-detector-ocr.js';
import { PSM_SINGLE_BLOCK } from './offline-options.js';
import { TesseractPool } from './tesseract-pool.js';
import { sharedDetector, type TextLineDetector } from './text-line-detector.js';

export type { OcrModelChoice, ResolvedModel } from './offline-options.js';
export { OCR_MODEL_CHOICES, OCR_MODEL_VARIABLE, ocrModelChoice, resolveModel } from './offline-options.js';
export type { ScreenReaderOptions } from './screen-reader.js';
export type { TesseractPool } from './tesseract-pool.js';
export type { LineDetectorOcr } from './line-detector-ocr.js';
export { FieldReader } from './field-reader.js';
export type { GatedCapture } from './gated-capture.js';

export interface OcrSettings {
  workers: number;
  /** Read a line on each worker at start, so the first frame is not the slow one (default true). */
  warmUp?: boolean;
  /** The English model; default best_int for tesseract alone, auto (fast where installed) behind the detector. */
  model?: OcrModelChoice;
  /** Tesseract languages besides English (`@tesseract.js-data/<code>` packages; ocr-languages.ts). */
  languages?: readonly string[];
  /** 'auto' (default): the line detector when this system can run it, else tesseract alone; 'tesseract': tesseract alone. */
  engine?: OcrEngineChoice;
  /** Told when the detector cannot run here, and why (a warning: always worth showing). */
  say?: (line: string) => void;
  /** Told once which engine reads (informational: a quiet command leaves it out). */
  note?: (line: string) => void;
  /** Where the detector comes from (default the process's shared one); a test gives a missing one. */
  detector?: () => Promise<TextLineDetector | { missing: string }>;
}

export type OcrEngineChoice = 'auto' | 'tesseract';
export const OCR_ENGINE_CHOICES: readonly OcrEngineChoice[] = ['auto', 'tesseract'];
export const OCR_ENGINE_VARIABLE = 'BENCHHAND_OCR_ENGINE';

/** The choice from BENCHHAND_OCR_ENGINE, checked (unset: auto). */
export function ocrEngineChoice(value: string | undefined): OcrEngineChoice {
  if (value === undefined || value === '') return 'auto';
  if ((OCR_ENGINE_CHOICES as readonly string[]).includes(value)) return value as OcrEngineChoice;
  throw new Error(`${OCR_ENGINE_VARIABLE} must be one of ${OCR_ENGINE_CHOICES.join(', ')}; got "${value}"`);
}

/** The engine a bench reads with: the line detector before tesseract, or tesseract alone. */
export type OcrReader = LineDetectorOcr | TesseractPool;

/**
 * The OCR engine: the text-line detector (ONNX) in front of a pool of tesseract.js workers reading
 * the stacked lines, offline, with the chosen English model and languages; where onnxruntime-node
 * or the detector's model is missing (armv7, a broken install), the tesseract-only pipeline, and a
 * line that says so.
 */
export async function startOcr(settings: OcrSettings): Promise<OcrReader> {
  const pool = (psm?: string, model: OcrModelChoice = DEFAULT_OCR_MODEL, invertedLines = true) =>
    TesseractPool.start(settings.workers, {
      warmUp: settings.warmUp ?? true,
      model: settings.model ?? model,
      invertedLines,
      ...(psm ? { psm } : {}),
      ...(settings.languages ? { languages: settings.languages } : {}),
    });
  const detector =
    settings.engine === 'tesseract'
      ? { missing: 'tesseract alone was asked for' }
      : await (settings.detector ?? sharedDetector)();
  if ('missing' in detector) {
    const alone = await pool();
    settings.say?.(
      `ocr: no text-line detector (${detector.missing}); reading with ${alone.description}, which finds fewer lines on real screens`,
    );
    return alone;
  }
  // Unless a model is asked for, the detector's lines are read with Debian's fast model where it
  // is installed: on the real-apps screenshots it read as many texts as best_int (93.5 % against
  // 92.7 %, word recall 92.1 against 92.6 %) for 0.73x the CPU per screen (1.22 s against 1.66 s).
  const engine = new LineDetectorOcr(detector, await pool(PSM_SINGLE_BLOCK, 'auto', false));
  if (settings.warmUp ?? true) await engine.warmUp();
  settings.note?.(`ocr: ${engine.description}`);
  return engine;
}

/** Reads pictures into screen models, reading again only what changed (screen-reader.ts). */
export function screenReader(ocr: OcrEngine, input: ScreenInput, options: ScreenReaderOptions = {}): ScreenReaderPort {
  return new ScreenReader(ocr, input, options);
}

/**
 * The reader of the camera's frames (the observer pipeline's stage 2). By default a changed screen
 * is read by bands; `everyFrame`: read every frame whole, never reuse or carry over a reading.
 */
export function cameraScreenReader(
  ocr: OcrEngine,
  calibration: ScreenCalibration,
  options: { everyFrame?: boolean } = {},
): ScreenReaderPort {
  return new ScreenReader(
    ocr,
    { kind: 'camera', calibration },
    // A changed screen is read by bands (what changed read again, the rest carried over;
    // incremental-read.ts): on the virtual bench a changed observe costs about a fifth of a whole
    // read, and band reads read the shop's filled "Continue to payment" whole since a button's
    // label must span its ink to skip reading it alone (label-ink.ts; before, a band read it
    // "ontinue to paymen" and the unchanged screen kept that). `everyFrame` reads every frame whole.
    options.everyFrame ? { noiseFloor: -1, fullReadAbove: -1 } : {},
  );
}

/**
 * The quality gate in front of the reader (gated-capture.ts): a frame that fails is retaken, agreeing
 * noisy or banded frames are fused, and the record says which frame was read.
 */
export function gatedCapture(
  camera: CameraPort,
  calibration: ScreenCalibration,
  clock: Pick<Clock, 'now'>,
  policy?: RetakePolicy,
): GatedCapture {
  return new GatedCapture(camera, calibration, clock, policy);
}

/** BENCHHAND_FRAME_GATE=off reads every first frame as it comes (the gate is on by default). */
export const FRAME_GATE_VARIABLE = 'BENCHHAND_FRAME_GATE';

/** Whether BENCHHAND_FRAME_GATE leaves the gate on (unset or "on"), checked. */
export function frameGateOn(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`${FRAME_GATE_VARIABLE} must be on or off; got "${value}"`);
}

/** A typed field's second look: its own worker, started when first asked (field-reader.ts). */
export function fieldReader(calibration: ScreenCalibration): FieldReader {
  return new FieldReader(calibration);
}
