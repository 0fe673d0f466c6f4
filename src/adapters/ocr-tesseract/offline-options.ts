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
/**
 * Page segmentation mode 11 (sparse text): a phone screen is scattered labels, not a page.
 * NOTES.md measured 6 (one uniform block) best for character error rate, but 6 skips whole
 * labels inside outlined buttons ("Network & internet" read as nothing); 11 finds them, at the
 * price of reading a few icons as stray symbols. Missing a button is worse for an agent.
 */
export const PSM_SPARSE_TEXT = '11';

export function offlineWorkerOptions() {
  return { langPath: englishModelDir(), gzip: true, cacheMethod: 'none' } as const;
}
