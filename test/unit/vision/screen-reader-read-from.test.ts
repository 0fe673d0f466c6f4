// Every line the screen reader gives says which picture it was read from: a whole read stamps all
// with the picture given, an unchanged picture's reused reading keeps the older picture's, a band
// read stamps what it read and carried lines keep theirs, and a read anew stamps every line.
// The virtual camera and everything before OCR are real; the OCR engine reads the device's own
// texts on a whole picture and one line over the whole strip of a band (no tesseract: cheap).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OcrEngine, RawLine } from '../../../src/core/ports/ocr.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from '../sim/drive.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');

/** The picture's size from its PGM header ("P5 width height 255": decode.ts encodeForOcr). */
function sizeOf(picture: Uint8Array): { width: number; height: number } {
  const header = /^P5\s+(\d+)\s+(\d+)\s/.exec(new TextDecoder().decode(picture.subarray(0, 32)))!;
  return { width: Number(header[1]), height: Number(header[2]) };
}

const rawLine = (text: string, x0: number, y0: number, x1: number, y1: number): RawLine => ({
  text,
  confidence: 90,
  x0,
  y0,
  x1,
  y1,
  words: [{ text, confidence: 90, x0, y0, x1, y1 }],
});

describe('the picture each line was read from', () => {
  it('is kept by a reused or carried-over line and given anew to what is read again', async () => {
    const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 5 });
    const engine: OcrEngine = {
      recognize: async (picture) => {
        const { width, height } = sizeOf(picture);
        const scale = d.device.width / width;
        if (height * scale < 0.9 * d.device.height) return [rawLine('Band', 8, 16, width - 8, height - 16)];
        return d.device
          .groundTruth()
          .texts.filter((t) => t.box.y > 100 && t.box.y < d.device.height - 200)
          .map((t) =>
            rawLine(
              t.text,
              t.box.x / scale,
              t.box.y / scale,
              (t.box.x + t.box.width) / scale,
              (t.box.y + t.box.height) / scale,
            ),
          );
      },
      close: async () => undefined,
    };
    const first = await camera.captureWithTruth();
    const reader = new ScreenReader(engine, {
      kind: 'camera',
      calibration: {
        deviceSize: { width: d.device.width, height: d.device.height },
        screenCorners: first.screenCorners,
      },
    });
    const atOf = (lines: { readFrom?: { at: number } }[]) => lines.map((line) => line.readFrom?.at);

    const whole = await reader.read(first.frame.image, { taken: { at: 1, sequence: 1 } });
    expect(whole.source).toBe('full');
    expect(whole.model.lines.length).toBeGreaterThan(3);
    expect(new Set(atOf(whole.model.lines))).toEqual(new Set([1]));

    d.wait(1000);
    const same = await reader.read((await camera.capture()).image, { taken: { at: 2, sequence: 2 } });
    expect(same.source).toBe('unchanged');
    expect(new Set(atOf(same.model.lines))).toEqual(new Set([1]));

    d.tap('Airplane mode');
    const flipped = await reader.read((await camera.capture()).image, { taken: { at: 3, sequence: 3 } });
    expect(flipped.source, flipped.fullBecause).toBe('bands');
    const band = flipped.model.lines.find((line) => line.text === 'Band')!;
    expect(band.readFrom).toEqual({ at: 3, sequence: 3 });
    const carried = flipped.model.lines.filter((line) => line !== band);
    expect(carried.length).toBeGreaterThan(2);
    expect(new Set(atOf(carried))).toEqual(new Set([1]));
    // The elements keep their lines' pictures (a check judges elements).
    const element = flipped.model.elements.find((e) => e.text.includes('Plain text'))!;
    expect(atOf(element.lines)).toEqual([1]);

    const anew = await reader.read((await camera.capture()).image, { taken: { at: 4, sequence: 4 }, anew: true });
    expect(anew.source).toBe('full');
    expect(new Set(atOf(anew.model.lines))).toEqual(new Set([4]));
  }, 60_000);
});
