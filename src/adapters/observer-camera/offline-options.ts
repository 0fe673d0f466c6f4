// tesseract.js set up to run fully offline: an LSTM-only English model read from disk, no cache
// copy written, worker and core resolved from node_modules by tesseract.js itself (no
// workerPath/corePath URLs). Two models can be read: Debian's tessdata "fast" (package
// tesseract-ocr-eng, a system file: never downloaded) and the npm package's "best_int"
// (@tesseract.js-data/eng, always installed with the checkout). 'auto' takes fast when its file
// is there and best_int otherwise; `benchhand doctor` says which one a bench reads with.
// The default is best_int: on the corpus fast read 1.4x faster but lost words (camera frames,
// the screen reader: word recall 89.7 % against 94.5 %; `npm run bench vision`), and a missed
// word is worse than a slower read.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export type OcrModel = 'fast' | 'best_int';
export type OcrModelChoice = OcrModel | 'auto';
export const OCR_MODEL_CHOICES: readonly OcrModelChoice[] = ['auto', 'fast', 'best_int'];
export const OCR_MODEL_VARIABLE = 'BENCHHAND_OCR_MODEL';

/** Where Debian (and Raspberry Pi OS) put tessdata: tesseract 5 first, then 4. */
export const DEBIAN_TESSDATA_DIRS = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];

export function englishModelDir(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

export interface ResolvedModel {
  model: OcrModel;
  /** The folder tesseract.js reads eng.traineddata (or .gz) from. */
  dir: string;
  gzip: boolean;
  /** Why this one, for doctor and the logs. */
  reason: string;
}

/** The Debian fast model's folder, or undefined when the package is not installed. */
export function debianFastModelDir(dirs: readonly string[] = DEBIAN_TESSDATA_DIRS): string | undefined {
  return dirs.find((dir) => existsSync(join(dir, 'eng.traineddata')));
}

export const DEFAULT_OCR_MODEL: OcrModelChoice = 'best_int';

export function resolveModel(
  choice: OcrModelChoice = DEFAULT_OCR_MODEL,
  dirs: readonly string[] = DEBIAN_TESSDATA_DIRS,
): ResolvedModel {
  const fast = debianFastModelDir(dirs);
  const bestInt: ResolvedModel = { model: 'best_int', dir: englishModelDir(), gzip: true, reason: '' };
  if (choice === 'best_int')
    return {
      ...bestInt,
      reason: `best_int, the default; ${OCR_MODEL_VARIABLE}=auto or fast reads with Debian's fast model`,
    };
  if (fast)
    return {
      model: 'fast',
      dir: fast,
      gzip: false,
      reason: choice === 'fast' ? 'fast asked for' : 'auto: the Debian fast model is installed',
    };
  if (choice === 'fast')
    throw new Error(
      `ocr model "fast" needs Debian's eng.traineddata in ${dirs.join(' or ')}: apt-get install tesseract-ocr-eng, or set the model to auto or best_int`,
    );
  return {
    ...bestInt,
    reason: `auto: no Debian fast model in ${dirs.join(' or ')} (apt-get install tesseract-ocr-eng), the npm best_int instead`,
  };
}

/** The choice from BENCHHAND_OCR_MODEL, checked (unset: the default). */
export function ocrModelChoice(value: string | undefined): OcrModelChoice {
  if (value === undefined || value === '') return DEFAULT_OCR_MODEL;
  if ((OCR_MODEL_CHOICES as readonly string[]).includes(value)) return value as OcrModelChoice;
  throw new Error(`${OCR_MODEL_VARIABLE} must be one of ${OCR_MODEL_CHOICES.join(', ')}; got "${value}"`);
}

export const OEM_LSTM_ONLY = 1;
/**
 * Page segmentation mode 11 (sparse text): a phone screen is scattered labels, not a page.
 * NOTES.md measured 6 (one uniform block) best for character error rate, but 6 skips whole
 * labels inside outlined buttons ("Network & internet" read as nothing); 11 finds them, at the
 * price of reading a few icons as stray symbols. Missing a button is worse for an agent.
 */
export const PSM_SPARSE_TEXT = '11';
/** Page segmentation mode 6 (one block of text): how the line detector's stacked lines are read (stacked-lines.ts). */
export const PSM_SINGLE_BLOCK = '6';

export function offlineWorkerOptions(model: ResolvedModel = resolveModel('best_int')) {
  return { langPath: model.dir, gzip: model.gzip, cacheMethod: 'none' } as const;
}
