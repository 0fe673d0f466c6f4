// A virtual device seen through the virtual camera and read by the real ScreenReader (tesseract.js),
// for the integration tests that judge what the agent would read: one pool for the file, started
// before its tests and closed after.
import { afterAll, beforeAll } from 'vitest';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { Driver } from '../unit/sim/drive.js';

/** Starts one OCR worker for the test file; the returned function hands it out. */
export function usePool(): () => TesseractPool {
  let pool: TesseractPool | undefined;
  beforeAll(async () => {
    pool = await TesseractPool.start(1);
  });
  afterAll(async () => {
    await pool?.close();
  });
  return () => pool!;
}

/** The device file driven by hand, photographed with `seed`, read by a reader calibrated on the first picture. */
export async function readDevice(file: string, pool: TesseractPool, seed: number) {
  const d = new Driver(VirtualDevice.fromFile(file));
  const camera = new VirtualCamera({ source: () => d.device.render(), seed });
  const first = await camera.captureWithTruth();
  const reader = new ScreenReader(pool, {
    kind: 'camera',
    calibration: { deviceSize: { width: d.device.width, height: d.device.height }, screenCorners: first.screenCorners },
  });
  return { d, camera, reader, first };
}
