import { describe, expect, it } from 'vitest';
import { ocrWorkers } from '../../../src/app/vision/ocr-workers.js';

describe('how many OCR workers a bench reads with', () => {
  it('leaves one core free, at most two workers', () => {
    expect(ocrWorkers({}, 1)).toBe(1);
    expect(ocrWorkers({}, 2)).toBe(1);
    expect(ocrWorkers({}, 4)).toBe(2);
    expect(ocrWorkers({}, 16)).toBe(2);
  });

  it('BENCHHAND_OCR_WORKERS overrides; a bad value names the variable, the rule and the way out', () => {
    expect(ocrWorkers({ BENCHHAND_OCR_WORKERS: '3' }, 2)).toBe(3);
    expect(() => ocrWorkers({ BENCHHAND_OCR_WORKERS: '0' }, 2)).toThrow(
      /BENCHHAND_OCR_WORKERS must be a whole number from 1 to 4; got "0"\. Unset it/,
    );
    expect(() => ocrWorkers({ BENCHHAND_OCR_WORKERS: 'many' }, 2)).toThrow(/got "many"/);
  });
});
