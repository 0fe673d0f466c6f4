// Changed-region detection on rectified camera frames: sensor noise alone changes nothing; a
// toast appearing changes a band where the toast is.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { changedRegions } from '../../../src/core/vision/changed-regions.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import type { DeviceFrame } from '../../../src/sim/device/render.js';
import { Driver } from '../sim/drive.js';

const devices = join(import.meta.dirname, '../../../src/sim/devices');

describe('changed regions between frames', () => {
  it('sees no change between two exposures of the same screen, and one band where a toast appears', async () => {
    const d = new Driver(VirtualDevice.fromFile(join(devices, 'sign-in-otp.yaml')));
    const camera = new VirtualCamera({ source: () => d.device.render(), seed: 7 });
    const take = async () => {
      const capture = await camera.captureWithTruth<DeviceFrame>();
      const prepared = await prepareCameraFrame(capture.frame.image, {
        deviceSize: { width: 1080, height: 2400 },
        screenCorners: capture.screenCorners,
      });
      return { prepared, truth: capture.screen };
    };
    const first = await take();
    const again = await take();
    const still = changedRegions(first.prepared.rectified, again.prepared.rectified);
    expect(still.bands).toEqual([]);
    d.tap('Sign in');
    const toast = await take();
    const changed = changedRegions(again.prepared.rectified, toast.prepared.rectified);
    expect(changed.changedFraction).toBeGreaterThan(0);
    expect(changed.changedFraction).toBeLessThan(0.2);
    const box = toast.truth.texts.find((t) => t.text === 'Enter your email and password')!.box;
    const toastY = (box.y + box.height / 2) / toast.prepared.toDevice.y;
    expect(changed.bands.some((band) => band.y0 <= toastY && toastY <= band.y1)).toBe(true);
    // Nothing changed in the top half (title, fields).
    expect(changed.bands.every((band) => band.y1 > toast.prepared.image.height / 2)).toBe(true);
  });

  it('reports everything changed when the sizes differ', () => {
    const a = { data: new Uint8Array(48 * 48), width: 48, height: 48 };
    const b = { data: new Uint8Array(48 * 96), width: 48, height: 96 };
    expect(changedRegions(a, b)).toEqual({ bands: [{ y0: 0, y1: 96 }], changedFraction: 1 });
  });
});
