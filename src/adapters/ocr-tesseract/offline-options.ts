// tesseract.js set up to run fully offline: the LSTM-only "best_int" English model from the
// installed @tesseract.js-data/eng package, no cache copy written, worker and core resolved from
// node_modules by tesseract.js itself (no workerPath/corePath URLs).
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export function englishModelDir(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export const OEM_LSTM_ONLY = 1;
/** Page segmentation mode 6 (one uniform block): the best on camera frames (NOTES.md). */
export const PSM_SINGLE_BLOCK = '6';

export function offlineWorkerOptions() {
  return { langPath: englishModelDir(), gzip: true, cacheMethod: 'none' } as const;
}
