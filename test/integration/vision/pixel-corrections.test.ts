// The corrections from the pixels between OCR and the screen model, on real frames of the widened
// corpus read whole by the screen reader (recorded corners, tesseract.js offline): a heading whose
// space tesseract lost ("Signin"), a price row's count and sign ("1x"), a field's caret ("Lovelace]"),
// password dots ("esses"), an outlined button's end and a toggle read as letters ("C", "a»").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import type { RecordedTruth } from '../../../src/sim/bench/frame-recorder.js';

const corpus = join(import.meta.dirname, '../../fixtures/ocr-corpus-wide');
let pool: TesseractPool;
beforeAll(async () => {
  pool = await TesseractPool.start(1);
});
afterAll(async () => {
  await pool.close();
});

async function read(frame: string): Promise<string[]> {
  const truth = JSON.parse(readFileSync(join(corpus, `${frame}.truth.json`), 'utf8')) as RecordedTruth;
  const reading = await new ScreenReader(pool, {
    kind: 'camera',
    calibration: { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners },
  }).read(readFileSync(join(corpus, `${frame}.camera.jpg`)));
  return reading.model.lines.map((line) => line.text);
}

describe('pixel corrections on the widened corpus', () => {
  it('restores the spaces tesseract lost, the multiplication sign read as x, and cuts the caret off a field', async () => {
    expect(await read('sign-in-otp-roboto/00001')).toContain('Sign in');
    // "1x€29.00" before the gaps came back; "1 x €29.00" before the sign did (times-sign.ts).
    expect(await read('shop-checkout-roboto/00001')).toContain('1 × €29.00');
    expect(await read('shop-checkout-roboto/00004')).toContain('Ada Lovelace');
  });

  it('reads password dots as dots, and no letters where a toggle or a button outline is drawn', async () => {
    expect(await read('settings-wifi-roboto/00004')).toContain('•••••');
    const settings = await read('settings-wifi-roboto/00001');
    expect(settings).toContain('Network & internet');
    expect(settings).toContain('Wi-Fi');
    expect(settings.some((line) => /^C$|a»/.test(line))).toBe(false);
  });
});
