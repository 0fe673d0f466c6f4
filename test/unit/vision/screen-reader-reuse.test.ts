// The screen reader skips OCR for an unchanged screen: a new exposure of the same screen (fresh
// noise, new JPEG bytes, the clock a minute on) reuses the last reading; a toggle flip is read.
// The OCR engine here counts its jobs (it reads nothing); everything before it is real.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OcrEngine } from '../../../src/core/ports/ocr.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from '../sim/drive.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');

describe('ScreenReader on an unchanged screen', () => {
  it('reuses the last reading without OCR, and reads again when the content changed', async () => {
    const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 4 });
    let jobs = 0;
    const engine: OcrEngine = {
      recognize: async () => {
        jobs++;
        return [];
      },
      close: async () => undefined,
    };
    const first = await camera.captureWithTruth();
    const reader = new ScreenReader(
      engine,
      {
        kind: 'camera',
        calibration: { deviceSize: { width: 1080, height: 2400 }, screenCorners: first.screenCorners },
      },
      { fullReadAbove: -1 },
    );
    const read = await reader.read(first.frame.image);
    expect(read.source).toBe('full');
    expect(read.model.regions.length).toBeGreaterThan(0);
    const afterFirst = jobs;
    d.wait(61_000);
    const again = await reader.read((await camera.capture()).image);
    expect(again.source).toBe('unchanged');
    expect(jobs).toBe(afterFirst);
    d.tap('Airplane mode');
    const flipped = await reader.read((await camera.capture()).image);
    expect(flipped.source).toBe('full');
    expect(jobs).toBeGreaterThan(afterFirst);
  }, 60_000);
});
