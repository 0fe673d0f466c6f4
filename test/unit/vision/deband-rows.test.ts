// Rolling-shutter bands of a PWM-dimmed display divided out of a camera picture
// (core/vision/deband-rows.ts), only where the picture shows them: the committed corpus's clean
// camera frames are left as they are (the same object, so byte-identical); a banded photograph of
// a virtual screen comes out close to the same photograph without the bands; and its text, read
// through the reader (the engine a bench reads with), reads whole where it read as fragments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRaw, rectifyGray } from '../../../src/adapters/observer-camera/fingerprint-frame.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { startOcr } from '../../../src/adapters/observer-camera/index.js';
import { debandRows } from '../../../src/core/vision/deband-rows.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { withCameraFault } from '../../../src/sim/camera/camera-faults.js';
import { resolveCameraOptions } from '../../../src/sim/camera/camera-options.js';
import { photograph } from '../../../src/sim/camera/photograph.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { parseDeviceFile } from '../../../src/sim/device/load.js';
import { corpusFrames } from '../../support/ocr-corpus.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');

/** Mean absolute difference of two same-sized gray pictures, inside a margin of 4 % (the bezel's bleed). */
function meanDifference(a: GrayImage, b: GrayImage): number {
  const mx = Math.round(a.width * 0.04),
    my = Math.round(a.height * 0.04);
  let sum = 0,
    count = 0;
  for (let y = my; y < a.height - my; y++)
    for (let x = mx; x < a.width - mx; x++) {
      sum += Math.abs(a.data[y * a.width + x]! - b.data[y * a.width + x]!);
      count++;
    }
  return sum / count;
}

describe('de-banding a camera picture', () => {
  it('leaves every clean corpus frame as it is (the same object)', async () => {
    const clean = corpusFrames().filter((frame) => !frame.fault);
    expect(clean.length).toBeGreaterThan(4);
    for (const frame of clean) {
      const raw = await decodeRaw(readFileSync(frame.cameraPath));
      const result = debandRows(raw, frame.truth.screenCorners);
      expect(result.banding, frame.stem).toBeUndefined();
      expect(result.image, frame.stem).toBe(raw);
    }
  }, 60_000);

  it('divides severe PWM bands out: the screen comes out close to the same photograph without them', async () => {
    const device = new VirtualDevice(parseDeviceFile(probe));
    const screen = await device.render();
    const shoot = async (banded: boolean) => {
      const options = resolveCameraOptions(banded ? withCameraFault('pwm-banding', 'severe') : {});
      return photograph(screen, options, 7);
    };
    const [plain, banded] = [await shoot(false), await shoot(true)];
    const calibration = {
      deviceSize: { width: screen.width, height: screen.height },
      screenCorners: plain.screenCorners,
    };
    const gray = (picture: Parameters<typeof rectifyGray>[0]) => rectifyGray(picture, calibration, 540);
    const plainRaw = await decodeRaw(plain.jpeg),
      bandedRaw = await decodeRaw(banded.jpeg);
    const result = debandRows(bandedRaw, banded.screenCorners);
    // 240 Hz PWM read by rows 27 µs apart: a period of 154 rows.
    expect(result.banding?.periodRows).toBeGreaterThan(140);
    expect(result.banding?.periodRows).toBeLessThan(170);
    const before = meanDifference(gray(bandedRaw), gray(plainRaw)),
      after = meanDifference(gray(result.image), gray(plainRaw));
    expect(before).toBeGreaterThan(25);
    expect(after).toBeLessThan(before / 4);
  }, 60_000);

  it('reads a severely banded frame of known text that reads as fragments without de-banding', async () => {
    const screen = await new VirtualDevice(parseDeviceFile(probe)).render();
    const photo = await photograph(screen, resolveCameraOptions(withCameraFault('pwm-banding', 'severe')), 7);
    const input = {
      kind: 'camera' as const,
      calibration: { deviceSize: { width: screen.width, height: screen.height }, screenCorners: photo.screenCorners },
    };
    const engine = await startOcr({ workers: 1 });
    try {
      const texts = async (deband: boolean) =>
        (await new ScreenReader(engine, input, { deband }).read(photo.jpeg)).model.lines.map((line) => line.text);
      const read = await texts(true);
      for (const text of ['Airplane mode', 'Bluetooth', 'Your name', 'Plain text at the bottom of the page'])
        expect(read, text).toContain(text);
      // The same frame with the bands left in: the lines come out cut and misread.
      const banded = await texts(false);
      expect(banded).not.toContain('Airplane mode');
      expect(banded).not.toContain('Plain text at the bottom of the page');
    } finally {
      await engine.close();
    }
  }, 120_000);
});
