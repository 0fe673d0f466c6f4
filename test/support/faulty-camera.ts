// An example device photographed by the virtual camera with a camera fault on, each frame 100 ms
// after the one before on a manual clock (the Pi camera at 10 fps), behind the camera port the
// quality gate takes, with the calibration a rig would have: for the capture path's unit tests.
import { readFileSync } from 'node:fs';
import type { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import type { CameraPort } from '../../src/core/ports/camera.js';
import type { ScreenCalibration } from '../../src/core/vision/calibration.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { screenCornersInPicture } from '../../src/sim/camera/photograph.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../src/sim/device/device.js';
import { parseDeviceFile } from '../../src/sim/device/load.js';

export function faultyCamera(
  deviceName: string,
  options: CameraOptionsInput,
  clock: ManualClock,
  { seed = 1, settings = false }: { seed?: number; settings?: boolean } = {},
): { camera: VirtualCamera; port: CameraPort; calibration: ScreenCalibration } {
  const device = new VirtualDevice(parseDeviceFile(readFileSync(`src/sim/devices/${deviceName}.yaml`, 'utf8')));
  const camera = new VirtualCamera({ source: () => device.render(), options, seed, now: () => clock.now() });
  return { camera, ...onClock(camera, device, clock, settings) };
}

/**
 * The camera behind the port the gate takes, a frame every 100 ms on the clock, and the calibration
 * of a screen of this size; `frames`, when given, keeps every frame taken.
 */
export function onClock(
  camera: VirtualCamera,
  screen: { width: number; height: number },
  clock: ManualClock,
  settings: boolean,
  frames?: Uint8Array[],
): { port: CameraPort; calibration: ScreenCalibration } {
  const port: CameraPort = {
    capture: async (asked) => {
      await clock.advance(100);
      const frame = await camera.capture(asked);
      frames?.push(frame.image);
      return frame;
    },
    // Offered only when asked for: a camera without settings is the other case the gate knows.
    ...(settings ? { settingsControl: () => camera.settingsControl() } : {}),
    describe: () => camera.describe(),
    close: () => camera.close(),
  };
  const calibration = {
    deviceSize: { width: screen.width, height: screen.height },
    screenCorners: screenCornersInPicture(camera.options, screen),
  };
  return { port, calibration };
}
