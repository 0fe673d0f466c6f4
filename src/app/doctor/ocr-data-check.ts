// The OCR model is installed (the @tesseract.js-data/eng best_int folder, the fallback, always;
// Debian's fast model when the choice takes it) and a tesseract.js worker starts from the model
// the bench will read with, without the network. Says which model that is and why.
import { existsSync, readdirSync } from 'node:fs';
import { systemClock } from '../../adapters/clock/system-clock.js';
import {
  englishModelDir,
  OCR_MODEL_VARIABLE,
  ocrModelChoice,
  resolveModel,
  type ResolvedModel,
} from '../../adapters/observer-camera/offline-options.js';
import { startWorkerOffline } from '../../adapters/observer-camera/start-worker-offline.js';
import { fail, pass, type CheckResult } from './check-result.js';

export const OCR_NAME = 'ocr-data';
const REINSTALL_FIX = 'reinstall the dependencies in the checkout: npm ci (it installs @tesseract.js-data/eng)';

export async function checkOcrData(timeoutMs = 60_000, env: NodeJS.ProcessEnv = process.env): Promise<CheckResult> {
  let directory: string;
  try {
    directory = englishModelDir();
  } catch (error) {
    return fail(OCR_NAME, `@tesseract.js-data/eng is not installed (${(error as Error).message})`, REINSTALL_FIX);
  }
  if (!existsSync(directory) || !readdirSync(directory).some((name) => name.startsWith('eng.traineddata'))) {
    return fail(OCR_NAME, `no eng.traineddata in ${directory}`, REINSTALL_FIX);
  }
  let model: ResolvedModel;
  try {
    model = resolveModel(ocrModelChoice(env[OCR_MODEL_VARIABLE]));
  } catch (error) {
    return fail(
      OCR_NAME,
      (error as Error).message,
      `unset ${OCR_MODEL_VARIABLE}, or install the model: apt-get install tesseract-ocr-eng`,
    );
  }
  const started = performance.now();
  try {
    await startWorkerOffline(model, timeoutMs, systemClock);
    return pass(
      OCR_NAME,
      `reads with the ${model.model} model in ${model.dir} (${model.reason}); a worker started offline in ${Math.round(performance.now() - started)} ms`,
    );
  } catch (error) {
    return fail(
      OCR_NAME,
      `a tesseract.js worker did not start from ${model.dir}: ${(error as Error).message}`,
      model.model === 'fast'
        ? `reinstall it (apt-get install --reinstall tesseract-ocr-eng) or set ${OCR_MODEL_VARIABLE}=best_int`
        : REINSTALL_FIX,
    );
  }
}
