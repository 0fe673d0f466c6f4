// Languages tesseract reads besides English, each from its npm package @tesseract.js-data/<code>
// (installed by the user: `npm install --save-exact @tesseract.js-data/ara@1.0.0`; never
// downloaded at run time). tesseract.js reads every language from one folder (langPath), and each
// package is its own folder, so a folder of links is made in the system's temporary directory:
// eng from the chosen English model, the others from their packages' best_int folders.
// tesseract.js tells a gzipped file by its bytes, not its name, so Debian's plain "fast"
// eng.traineddata is linked under the .gz name the others have.
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ResolvedModel } from './offline-options.js';

const require = createRequire(import.meta.url);

/** Tesseract's language codes: letters, digits and underscores (eng, ara, chi_sim, ...). */
export const LANGUAGE_CODE = /^[a-z][a-z0-9_]{1,15}$/;

/** The folder of a language's best_int model in its npm package, or why it is not there. */
export function languageModelFile(code: string): string | { missing: string } {
  let folder: string;
  try {
    folder = dirname(require.resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    return {
      missing: `the OCR language "${code}" needs the npm package @tesseract.js-data/${code}: npm install --save-exact @tesseract.js-data/${code}@1.0.0 in the checkout`,
    };
  }
  const file = join(folder, '4.0.0_best_int', `${code}.traineddata.gz`);
  return existsSync(file) ? file : { missing: `@tesseract.js-data/${code} has no ${file}: reinstall it` };
}

/**
 * Where tesseract.js reads `languages` from (English always first) and whether its files are
 * gzipped; English alone reads straight from the model's folder.
 */
export function languageFolder(model: ResolvedModel, languages: readonly string[]): { dir: string; gzip: boolean } {
  const others = languages.filter((code) => code !== 'eng');
  if (!others.length) return { dir: model.dir, gzip: model.gzip };
  const files = others.map((code) => {
    const file = languageModelFile(code);
    if (typeof file !== 'string') throw new Error(file.missing);
    return { code, file };
  });
  const dir = mkdtempSync(join(tmpdir(), 'benchhand-tessdata-'));
  symlinkSync(join(model.dir, model.gzip ? 'eng.traineddata.gz' : 'eng.traineddata'), join(dir, 'eng.traineddata.gz'));
  for (const { code, file } of files) symlinkSync(file, join(dir, `${code}.traineddata.gz`));
  return { dir, gzip: true };
}

/** The `+`-joined language string tesseract takes, English first. */
export function languageString(languages: readonly string[]): string {
  return ['eng', ...languages.filter((code) => code !== 'eng')].join('+');
}
