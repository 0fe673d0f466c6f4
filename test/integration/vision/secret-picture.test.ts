// A secret that shows on the screen in plain text is gone from the look before anything keeps or
// sends it: masked in the text, painted over in the camera picture. Proven by reading the painted
// picture again with the same OCR: the secret word is no longer there, its neighbours still are.
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReplayCamera } from '../../../src/adapters/camera/replay-camera.js';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { cameraAndReader, observerPipeline } from '../../../src/app/bench/observer-pipeline.js';
import { screenText } from '../../../src/core/vision/screen-model.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';
const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
const calibration = { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners };

let ocr: TesseractPool;
beforeAll(async () => {
  ocr = await TesseractPool.start(1);
});
afterAll(async () => {
  await ocr.close();
});

/** The observer pipeline as openBench builds it: camera, reader and, given secrets, the secrets stage. */
const observerOf = (file: string, secrets: string[] = []) =>
  observerPipeline(cameraAndReader(new ReplayCamera(file), new ScreenReader(ocr, { kind: 'camera', calibration })), {
    secrets,
    calibration,
  });

describe('a secret on the screen', () => {
  it('is masked in the text and painted over in the picture, and only the secret', async () => {
    const plain = await observerOf(`${FRAME}.camera.jpg`).observe();
    expect(screenText(plain.screen)).toMatch(/Network &? ?internet/);
    const redacted = await observerOf(`${FRAME}.camera.jpg`, ['internet']).observe();
    expect(screenText(redacted.screen)).not.toMatch(/internet/i);
    expect(screenText(redacted.screen)).toMatch(/Network &? ?•{8}/);
    expect(redacted.frame!.image).not.toEqual(plain.frame!.image);
    // Read the painted picture again: the word is gone from the pixels, the rest of the line is not.
    const file = join(mkdtempSync(join(tmpdir(), 'bh-secret-')), 'painted.jpg');
    writeFileSync(file, redacted.frame!.image);
    const again = screenText((await observerOf(file).observe()).screen);
    expect(again).not.toMatch(/internet/i);
    expect(again).toMatch(/Network/);
    expect(again).toMatch(/Wi-?Fi/);
  });

  it('a look without the secret passes through untouched', async () => {
    const plain = await observerOf(`${FRAME}.camera.jpg`).observe();
    const looked = await observerOf(`${FRAME}.camera.jpg`, ['hunter2-not-on-screen']).observe();
    expect(Buffer.from(looked.frame!.image).equals(Buffer.from(plain.frame!.image))).toBe(true);
  });
});
