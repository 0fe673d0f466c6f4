// Device pixels -> actuator units from taps at known points: the MCU taps a few points of its
// workspace and the phone's "Pointer location" developer option shows where each touch landed
// (X: n Y: m at the top of the screen), which the camera reads. A least-squares affine fit of the
// pairs is the actuator map, with its residual in device pixels.
import { fitAffine, type AffineFit, type PointPair } from '../../core/vision/affine.js';
import type { Point } from '../../core/vision/homography.js';
import type { McuPort } from '../../core/ports/mcu.js';
import type { ObserverPort } from '../../core/ports/observer.js';
import { screenText } from '../../core/vision/screen-model.js';

// "X: 540.0 Y: 1200.0" while the finger is down (not the "dX:"/"dY:" shown after it lifts).
const POINTER = /(?<![dD])X\s*[:;.]?\s*(\d{1,5})(?:[.,]\d+)?\s+(?<![dD])Y\s*[:;.]?\s*(\d{1,5})(?:[.,]\d+)?/;
/** Long enough for the camera to look while the finger is still down. */
const PRESS_MS = 1500;

/** Five points spread over the lower part of the workspace, where most app screens are empty. */
export function calibrationPoints(workspace: { width: number; height: number }): Point[] {
  const at = (fx: number, fy: number) => ({
    x: Math.round(workspace.width * fx),
    y: Math.round(workspace.height * fy),
  });
  return [at(0.25, 0.45), at(0.75, 0.45), at(0.5, 0.65), at(0.25, 0.82), at(0.75, 0.82)];
}

export function readPointer(text: string): Point | undefined {
  const match = POINTER.exec(text.replace(/[Oo](?=\d)|(?<=\d)[Oo]/g, '0'));
  return match ? { x: Number(match[1]), y: Number(match[2]) } : undefined;
}

export async function calibrateByTaps(
  mcu: McuPort,
  observer: ObserverPort,
  points: Point[],
  say: (line: string) => void,
): Promise<{ pairs: PointPair[]; fit: AffineFit }> {
  const pairs: PointPair[] = [];
  let previous: Point | undefined;
  for (const actuator of points) {
    // Android shows the touch's coordinates only while the finger is down: look during the press.
    const pressing = mcu.tap({ ...actuator, holdMs: PRESS_MS });
    const seen = await observer.observe({ newerThan: performance.now() + 500, timeoutMs: 5000 });
    const outcome = await pressing;
    if (outcome.kind !== 'done')
      throw new Error(`the calibration tap at ${actuator.x},${actuator.y} failed: ${JSON.stringify(outcome)}`);
    const device = readPointer(screenText(seen.screen));
    if (!device)
      throw new Error(
        'no "X: … Y: …" pointer location on the screen: switch on Developer options → Pointer location on the phone, and open a screen where taps change nothing',
      );
    if (previous && device.x === previous.x && device.y === previous.y)
      throw new Error(
        `the pointer location did not move after the tap at ${actuator.x},${actuator.y}: is the tap reaching the screen?`,
      );
    previous = device;
    pairs.push({ device, actuator });
    say(`   tap at actuator ${actuator.x},${actuator.y} landed at device ${device.x},${device.y}`);
  }
  return { pairs, fit: fitAffine(pairs) };
}
