// The config's ocr section: the engine (the line detector where it runs, or tesseract alone) and
// the tesseract languages besides English; a bad code or an unknown key is refused by name.
import { describe, expect, it } from 'vitest';
import { load, problemsOf } from './config-test-helpers.js';
import { summaryLines } from '../../../src/config/config-summary.js';

describe('the ocr section', () => {
  it('defaults to the detector where it runs, reading English', () => {
    expect(load(['ocr: {}']).config.ocr).toEqual({ engine: 'auto', languages: ['eng'] });
  });

  it('takes languages whose packages the user installs, and tesseract alone', () => {
    expect(load(['ocr:', '  engine: tesseract', '  languages: [ara, chi_sim]']).config.ocr).toEqual({
      engine: 'tesseract',
      languages: ['ara', 'chi_sim'],
    });
    const { config } = load(['ocr: { languages: [ara] }']);
    expect(summaryLines(config, { env: {} }).join('\n')).toMatch(
      /ocr.*text-line detector in front of tesseract.*eng\+ara/,
    );
  });

  it('refuses a language that is no tesseract code, an unknown engine and an unknown key, naming each', () => {
    expect(problemsOf(['ocr: { languages: [Arabic] }'])[0]).toMatchObject({
      field: 'ocr.languages[0]',
      message: expect.stringMatching(/tesseract language code such as ara.*@tesseract\.js-data\/<code>/),
    });
    expect(problemsOf(['ocr: { engine: paddle }'])[0]).toMatchObject({
      field: 'ocr.engine',
      message: expect.stringMatching(/must be auto .* or tesseract/),
    });
    expect(problemsOf(['ocr: { langs: [ara] }'])[0]).toMatchObject({ field: expect.stringMatching(/^ocr/) });
  });
});
