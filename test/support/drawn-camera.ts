// A drawn screen (SVG, device pixels) photographed by the virtual camera with a camera fault on,
// each frame 100 ms after the one before on a manual clock (the Pi camera at 10 fps), behind the
// camera port the quality gate takes, with the calibration a rig would have; every frame taken is
// kept, so a test can read the first frame beside the look's: for the capture path's unit tests.
import sharp from 'sharp';
import type { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import type { CameraPort } from '../../src/core/ports/camera.js';
import type { ScreenCalibration } from '../../src/core/vision/calibration.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { onClock } from './faulty-camera.js';

export async function drawnScreenCamera(
  drawing: { svg: string; width: number; height: number },
  options: CameraOptionsInput,
  clock: ManualClock,
  { seed = 1, settings = false }: { seed?: number; settings?: boolean } = {},
): Promise<{ camera: VirtualCamera; port: CameraPort; calibration: ScreenCalibration; frames: Uint8Array[] }> {
  const png = await sharp(Buffer.from(drawing.svg)).png().toBuffer();
  const picture = { png, width: drawing.width, height: drawing.height };
  const camera = new VirtualCamera({ source: async () => picture, options, seed, now: () => clock.now() });
  const frames: Uint8Array[] = [];
  return { camera, ...onClock(camera, picture, clock, settings, frames), frames };
}
