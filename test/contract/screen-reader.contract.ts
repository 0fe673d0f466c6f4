// One contract for every ScreenReaderPort: the fake that reads a recorded frame's ground truth
// (test/support/truth-screen-reader.ts) and the real reader (the text-line detector and
// tesseract.js behind src/adapters/observer-camera/screen-reader.ts) must both pass it, on frames
// our own virtual phone drew and the virtual camera photographed (test/fixtures/ocr-corpus/, made
// by scripts/vision/make-corpus.ts), so the agent cannot tell which one it has.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreenReaderPort, ScreenReading } from '../../src/core/ports/screen-reader.js';
import type { ScreenCalibration } from '../../src/core/vision/calibration.js';
import type { OcrLine } from '../../src/core/vision/screen-model.js';

export const CORPUS = 'test/fixtures/ocr-corpus/settings-wifi-default';
const frame = (stem: string) => readFileSync(`${CORPUS}/${stem}.camera.jpg`);
const truthOf = (stem: string) =>
  JSON.parse(readFileSync(`${CORPUS}/${stem}.truth.json`, 'utf8')) as {
    deviceSize: { width: number; height: number };
    cameraSize: { width: number; height: number };
    screenCorners: { x: number; y: number }[];
    texts: { text: string }[];
  };
/** The settings screen; the network list; the same list scrolled on (the title and the buttons stay). */
const SETTINGS = '00001';
const NETWORKS = '00003';
const NETWORKS_SCROLLED = '00004';

export const CALIBRATION: ScreenCalibration = {
  deviceSize: truthOf(SETTINGS).deviceSize,
  screenCorners: truthOf(SETTINGS).screenCorners as ScreenCalibration['screenCorners'],
};

export interface ReaderSubject {
  /** A fresh reader of camera pictures of the corpus's calibrated screen (no memory of earlier frames). */
  reader(): ScreenReaderPort;
  /** The share of a frame's known texts it must read (the fake all of them). */
  minRecall: number;
  /** True when a changed screen is read again by bands (what changed), the rest carried over. */
  readsBands: boolean;
  teardown(): Promise<void>;
}

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, '');

function recall(reading: ScreenReading, stem: string): { share: number; missed: string[] } {
  const read = reading.model.lines.map((line) => normal(line.text));
  const known = truthOf(stem).texts.map((t) => t.text);
  const missed = known.filter((text) => !read.some((line) => line.includes(normal(text))));
  return { share: (known.length - missed.length) / known.length, missed };
}

const inside = (line: OcrLine, band: { y0: number; y1: number }) =>
  line.box.y + line.box.height > band.y0 && line.box.y < band.y1;

export function describeScreenReaderContract(name: string, setup: () => Promise<ReaderSubject>): void {
  describe(`ScreenReaderPort contract: ${name}`, () => {
    let subject: ReaderSubject;
    let blank: Buffer;
    beforeAll(async () => {
      subject = await setup();
      // What a camera sees of a screen showing nothing: one even grey, the camera's size.
      const { width, height } = truthOf(SETTINGS).cameraSize;
      blank = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 40, b: 40 } } })
        .jpeg()
        .toBuffer();
    }, 240_000);
    afterAll(async () => {
      await subject?.teardown();
    });

    it('reads a frame into lines of text with boxes on the screen, in device pixels, and a confidence', async () => {
      const reading = await subject.reader().read(frame(SETTINGS));
      const { width, height } = CALIBRATION.deviceSize;
      expect(reading.model.lines.length).toBeGreaterThan(0);
      expect(reading.model.deviceSize).toEqual(CALIBRATION.deviceSize);
      for (const line of reading.model.lines) {
        expect(line.text.trim()).not.toBe('');
        expect(line.confidence).toBeGreaterThanOrEqual(0);
        expect(line.confidence).toBeLessThanOrEqual(1);
        expect(line.box.x).toBeGreaterThanOrEqual(-1);
        expect(line.box.y).toBeGreaterThanOrEqual(-1);
        expect(line.box.x + line.box.width).toBeLessThanOrEqual(width + 1);
        expect(line.box.y + line.box.height).toBeLessThanOrEqual(height + 1);
        expect(line.words.length).toBeGreaterThan(0);
      }
      expect(reading.content.area.width).toBeGreaterThan(0);
    }, 120_000);

    it("reads the frames' known texts", async () => {
      for (const stem of [SETTINGS, NETWORKS]) {
        const { share, missed } = recall(await subject.reader().read(frame(stem)), stem);
        expect(share, `${stem} missed ${missed.join(', ')}`).toBeGreaterThanOrEqual(subject.minRecall);
      }
    }, 120_000);

    it('reads nothing from a blank frame', async () => {
      const reading = await subject.reader().read(blank);
      expect(reading.model.lines).toEqual([]);
    }, 120_000);

    it('reads an unchanged frame again as it read it the first time', async () => {
      const reader = subject.reader();
      const first = await reader.read(frame(SETTINGS));
      const again = await reader.read(frame(SETTINGS));
      expect(again.model.lines.map((l) => l.text)).toEqual(first.model.lines.map((l) => l.text));
      expect(['cache', 'unchanged']).toContain(again.source);
      // After reset() no earlier reading is reused or carried over (the real reader may still answer
      // the very same bytes from its byte cache): the same text as a whole read.
      reader.reset();
      const anew = await reader.read(frame(SETTINGS));
      expect(['full', 'cache']).toContain(anew.source);
      expect(anew.model.lines.map((l) => l.text)).toEqual(first.model.lines.map((l) => l.text));
    }, 120_000);

    it('reads a changed screen so that, outside what it read again, it equals a whole read of it', async () => {
      const reader = subject.reader();
      await reader.read(frame(NETWORKS));
      const changed = await reader.read(frame(NETWORKS_SCROLLED));
      if (subject.readsBands) expect(changed.source).toBe('bands');
      const whole = await subject.reader().read(frame(NETWORKS_SCROLLED));
      const outside = (line: OcrLine) => !changed.bands.some((band) => inside(line, band));
      const kept = whole.model.lines.filter(outside);
      if (subject.readsBands) expect(kept.length).toBeGreaterThan(0);
      expect(changed.model.lines.filter(outside).map((l) => normal(l.text))).toEqual(kept.map((l) => normal(l.text)));
      // And what it read again holds the new screen's texts as a whole read does.
      expect(recall(changed, NETWORKS_SCROLLED).share).toBeGreaterThanOrEqual(subject.minRecall);
    }, 180_000);
  });
}
