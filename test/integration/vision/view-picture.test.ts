// The view the web console draws (TOPICS.md, BenchView), made from a real virtual-camera frame (the
// phone seen sideways and at an angle): the whole screen upright in device orientation, 360 px
// wide and small, readable by OCR where the agent's lines say, with the lines and the last tap.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { benchView, VIEW_WIDTH } from '../../../src/app/bench/view-picture.js';
import type { Observation } from '../../../src/core/ports/observer.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';
const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
const image = readFileSync(`${FRAME}.camera.jpg`);
const calibration = { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners };
/** One line as the agent read it: "Network & internet" in its button (device pixels). */
const networkLine = {
  text: 'Network & internet',
  box: { x: 160, y: 505, width: 420, height: 70 },
  confidence: 0.91,
  words: [],
};
const observation: Observation = {
  at: 0,
  screen: screenModel(truth.deviceSize, [networkLine]),
  quality: { usable: true, reasons: [] } as unknown as Observation['quality'],
  frame: {
    image,
    format: 'jpeg',
    width: truth.cameraSize.width,
    height: truth.cameraSize.height,
    capturedAt: 0,
    sequence: 1,
  },
};

let ocr: TesseractPool;
beforeAll(async () => {
  ocr = await TesseractPool.start(1);
});
afterAll(async () => {
  await ocr.close();
});

it('is the screen upright at 360 px wide, small, with the lines and the tap in device pixels', async () => {
  const tap = {
    x: 540,
    y: 540,
    summary: 'tap on "Network & internet" (button) at 540,540',
    at: '2026-12-01T00:00:00.000Z',
  };
  const started = performance.now();
  const view = (await benchView(observation, calibration, tap, '2026-12-01T00:00:01.000Z'))!;
  const tookMs = performance.now() - started;
  expect(view.deviceSize).toEqual({ width: 1080, height: 2400 });
  expect(view.image).toMatchObject({ format: 'jpeg', width: VIEW_WIDTH, height: 800 });
  const jpeg = Buffer.from(view.image.base64, 'base64');
  expect(jpeg.length).toBeLessThan(30_000);
  expect(view.lines).toEqual([{ text: 'Network & internet', box: networkLine.box, confidence: 0.91 }]);
  expect(view.lastTap).toEqual(tap);
  // Upright and where the line says: the text reads from the picture's strip at the line's box.
  const scale = VIEW_WIDTH / 1080;
  // (Inside the button's outline: the truth has the label at 278,521 523x37.)
  const strip = await sharp(jpeg)
    .extract({
      left: Math.round(200 * scale),
      top: Math.round(500 * scale),
      width: Math.round(680 * scale),
      height: Math.round(80 * scale),
    })
    .resize({ width: 720 })
    .png()
    .toBuffer();
  const read = (await ocr.recognize(strip)).map((line) => line.text).join(' ');
  expect(read).toMatch(/N ?etwork.*internet/);
  process.stderr.write(
    `view: ${jpeg.length} B JPEG (${view.image.width}x${view.image.height}), ${JSON.stringify(view).length} B message, made in ${tookMs.toFixed(0)} ms\n`,
  );
});

it('is not made without a camera frame (a fake observer)', async () => {
  const { frame: _frame, ...withoutFrame } = observation;
  expect(await benchView(withoutFrame, calibration, null, 'now')).toBeUndefined();
});
