// The English model's choice: Debian's fast model only from its system file (never downloaded),
// auto falls back to the npm best_int when the file is absent, fast without it is an error that
// says what to install, and a wrong value names the variable and the choices.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocrModelChoice, resolveModel } from '../../../src/adapters/observer-camera/offline-options.js';

const withModel = mkdtempSync(join(tmpdir(), 'bh-tessdata-'));
writeFileSync(join(withModel, 'eng.traineddata'), 'not a real model: only its presence is judged here');
const missing = join(tmpdir(), 'bh-no-tessdata-here');

describe('resolveModel', () => {
  it('takes the Debian fast model for auto and fast when its file is there', () => {
    expect(resolveModel('auto', [missing, withModel])).toMatchObject({ model: 'fast', dir: withModel, gzip: false });
    expect(resolveModel('fast', [withModel])).toMatchObject({ model: 'fast', dir: withModel });
  });

  it('falls back to the npm best_int for auto, and says why', () => {
    const model = resolveModel('auto', [missing]);
    expect(model).toMatchObject({ model: 'best_int', gzip: true });
    expect(model.dir).toMatch(/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    expect(model.reason).toContain('tesseract-ocr-eng');
  });

  it('reads best_int by default, even with the fast model installed', () => {
    expect(resolveModel(undefined, [withModel]).model).toBe('best_int');
    expect(resolveModel(ocrModelChoice(undefined), [withModel]).model).toBe('best_int');
  });

  it('refuses fast without its file, naming the package', () => {
    expect(() => resolveModel('fast', [missing])).toThrow(/apt-get install tesseract-ocr-eng/);
  });
});

describe('ocrModelChoice', () => {
  it('accepts the three choices and names the variable for anything else', () => {
    expect(ocrModelChoice('fast')).toBe('fast');
    expect(ocrModelChoice('')).toBe('best_int');
    expect(() => ocrModelChoice('tessdata_best')).toThrow(
      /BENCHHAND_OCR_MODEL must be one of auto, fast, best_int; got "tessdata_best"/,
    );
  });
});
