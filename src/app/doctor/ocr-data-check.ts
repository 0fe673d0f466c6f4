// The OCR model is installed (the @tesseract.js-data/eng best_int folder) and a tesseract.js
// worker starts from it without the network.
import { existsSync, readdirSync } from 'node:fs';
import Tesseract from 'tesseract.js';
import { englishModelDir, OEM_LSTM_ONLY, offlineWorkerOptions } from '../../adapters/ocr-tesseract/offline-options.js';
import { fail, pass, type CheckResult } from './check-result.js';
import { withTimeout } from './with-timeout.js';

export const OCR_NAME = 'ocr-data';
const REINSTALL_FIX = 'reinstall the dependencies in the checkout: npm ci (it installs @tesseract.js-data/eng)';

export async function checkOcrData(timeoutMs = 60_000): Promise<CheckResult> {
  let directory: string;
  try {
    directory = englishModelDir();
  } catch (error) {
    return fail(OCR_NAME, `@tesseract.js-data/eng is not installed (${(error as Error).message})`, REINSTALL_FIX);
  }
  if (!existsSync(directory) || !readdirSync(directory).some((name) => name.startsWith('eng.traineddata'))) {
    return fail(OCR_NAME, `no eng.traineddata in ${directory}`, REINSTALL_FIX);
  }
  const started = performance.now();
  let worker: Tesseract.Worker | undefined;
  try {
    worker = await withTimeout(Tesseract.createWorker('eng', OEM_LSTM_ONLY, offlineWorkerOptions()), timeoutMs, 'starting a tesseract.js worker');
    return pass(OCR_NAME, `model in ${directory}; a worker started offline in ${Math.round(performance.now() - started)} ms`);
  } catch (error) {
    return fail(OCR_NAME, `a tesseract.js worker did not start from ${directory}: ${(error as Error).message}`, REINSTALL_FIX);
  } finally {
    await worker?.terminate().catch(() => undefined);
  }
}
