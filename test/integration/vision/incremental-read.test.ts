// Incremental reads through real tesseract.js on virtual-camera frames: after a name is typed into
// a field, only the field's band is read again (every OCR job is a strip, not the page), the typed
// name is in the reading, and the lines far from the field are carried over as they were read; a
// dialog over a scrim changes most of the screen and is read whole; a band never cuts a filled
// button, so the shop's "Continue to payment" is read whole after every edit of the fields above it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../../src/core/ports/ocr.js';
import { TesseractPool } from '../../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { loadDeviceFile, parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from '../../unit/sim/drive.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');
let pool: TesseractPool;
beforeAll(async () => {
  pool = await TesseractPool.start(1);
});
afterAll(async () => {
  await pool.close();
});

describe('ScreenReader by bands', () => {
  it('reads again only the band that changed and carries the rest over', async () => {
    const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 11 });
    const heights: number[] = [];
    const counting: OcrEngine = {
      recognize: async (picture, rectangle) => {
        // OCR is given binary PGM ("P5 width height 255" then the pixels: decode.ts encodeForOcr).
        const header = /^P5\s+(\d+)\s+(\d+)\s/.exec(new TextDecoder().decode(picture.subarray(0, 32)));
        heights.push(Number(header![2]));
        return pool.recognize(picture, rectangle);
      },
      close: async () => undefined,
    };
    const first = await camera.captureWithTruth();
    const reader = new ScreenReader(counting, {
      kind: 'camera',
      calibration: {
        deviceSize: { width: d.device.width, height: d.device.height },
        screenCorners: first.screenCorners,
      },
    });
    const whole = await reader.read(first.frame.image);
    expect(whole.source).toBe('full');
    const pageHeight = Math.max(...heights);
    const field = whole.model.lines.find((l) => l.text.includes('Your name'))!;
    const far = whole.model.lines.filter((l) => Math.abs(l.box.y - field.box.y) > 500);
    expect(far.length).toBeGreaterThan(2);

    d.tap('Your name').type('Ada Lovelace');
    heights.length = 0;
    const typed = await reader.read((await camera.capture()).image);
    expect(typed.source, typed.fullBecause).toBe('bands');
    // Only strips were read: none is a quarter of the page's height.
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height).toBeLessThan(pageHeight / 4);
    expect(typed.model.lines.map((l) => l.text).join(' | ')).toContain('Ada Lovelace');
    // A band covers the field; the lines far from it are the very lines read before.
    expect(typed.bands.some((band) => band.y0 <= field.box.y + field.box.height && band.y1 >= field.box.y)).toBe(true);
    for (const line of far) expect(typed.model.lines).toContainEqual(line);
  }, 120_000);

  it('reads the whole screen when a dialog over a scrim covers it', async () => {
    const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 12 });
    const first = await camera.captureWithTruth();
    const reader = new ScreenReader(pool, {
      kind: 'camera',
      calibration: {
        deviceSize: { width: d.device.width, height: d.device.height },
        screenCorners: first.screenCorners,
      },
    });
    await reader.read(first.frame.image);
    d.tap('Details').wait(400);
    const dialog = await reader.read((await camera.capture()).image);
    expect(dialog.source).toBe('full');
    expect(dialog.fullBecause).toMatch(/content changed/);
    expect(dialog.model.lines.map((l) => l.text).join(' | ')).toContain('Delete everything');
  }, 120_000);

  it('never cuts the filled "Continue to payment" button: its label is read whole after each edit above it', async () => {
    const shop = loadDeviceFile(join(import.meta.dirname, '../../../src/sim/devices/shop-checkout.yaml'));
    const d = new Driver(new VirtualDevice(shop));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 13 });
    d.wait(4000).tap('No thanks').tap('Checkout').wait(700);
    const first = await camera.captureWithTruth();
    const reader = new ScreenReader(pool, {
      kind: 'camera',
      calibration: {
        deviceSize: { width: d.device.width, height: d.device.height },
        screenCorners: first.screenCorners,
      },
    });
    const label = (reading: { model: { lines: { text: string }[] } }) =>
      reading.model.lines.filter((l) => /ontinu|aymen/.test(l.text)).map((l) => l.text);
    expect(label(await reader.read(first.frame.image))).toEqual(['Continue to payment']);
    const sources: string[] = [];
    for (const edit of [
      () => d.tap('Full name').type('Ada Lovelace'),
      () => d.tap('Street and number').type('1 Analytical Way'),
      () => d.key('Tab').type('London'),
    ]) {
      edit();
      const reading = await reader.read((await camera.capture()).image);
      sources.push(`${reading.source}${reading.fullBecause ? ` (${reading.fullBecause})` : ''}`);
      expect(label(reading), sources.join('; ')).toEqual(['Continue to payment']);
    }
    // The edits were read by bands (else this test would not test them).
    expect(sources.filter((source) => source === 'bands').length, sources.join('; ')).toBeGreaterThan(0);
  }, 180_000);
});
