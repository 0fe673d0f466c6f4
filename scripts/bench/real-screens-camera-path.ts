// A real screen looked at the way the bench looks: the virtual camera photographs the screen's
// picture frame after frame (each its own noise and PWM phase), the product's quality gate
// (GatedCapture, the default retake policy) chooses the frame, a retake or a fusion, and the
// chosen frame is read by a fresh ScreenReader as the single-frame path reads its one frame
// (real-screens.bench.ts). Time is a clock the camera moves on by a frame interval per capture, so
// the policy's time bound counts frames as a rig's camera delivers them, whatever this machine's load.
import { ManualClock } from '../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../src/adapters/observer-camera/gated-capture.js';
import type { CameraPort } from '../../src/core/ports/camera.js';
import type { ScreenInput, ScreenReading } from '../../src/core/ports/screen-reader.js';
import { defaultRetakePolicy, type CaptureRecord } from '../../src/core/vision/retake-policy.js';
import type { CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { screenCornersInPicture } from '../../src/sim/camera/photograph.js';
import { VirtualCamera } from '../../src/sim/camera/virtual-camera.js';
import { scoreScreen, type ScreenScore } from './real-screens-score.js';
import type { RealScreen } from './real-screens-truth.js';
import { percentile, round } from './stats.js';

/** A frame every 100 ms: the Pi camera at 10 fps, as the default retake policy counts (retake-policy.ts). */
export const FRAME_INTERVAL_MS = 100;

export interface Look {
  reading: ScreenReading;
  score: ScreenScore;
  record: CaptureRecord;
  /** CPU ms of the look: the gate (measures, decodes, fusion) and the read; the camera's own rendering left out (the camera module does that on a rig). */
  cpuMs: number;
}

/** The single-frame path's read (real-screens.bench.ts): a fresh reader's whole read and its CPU ms. */
export type WholeRead = (input: ScreenInput, image: Uint8Array) => Promise<{ reading: ScreenReading; cpuMs: number }>;

/** Every screen looked at once through the gate, with the camera's options (a fault at a strength). */
export async function lookAll(
  wholeRead: WholeRead,
  screens: RealScreen[],
  camera: CameraOptionsInput,
): Promise<Look[]> {
  const looks: Look[] = [];
  for (const [index, screen] of screens.entries()) looks.push(await lookThroughGate(wholeRead, screen, index, camera));
  return looks;
}

async function lookThroughGate(
  wholeRead: WholeRead,
  screen: RealScreen,
  index: number,
  options: CameraOptionsInput,
): Promise<Look> {
  const clock = new ManualClock(0);
  const picture = { png: screen.png, width: screen.width, height: screen.height };
  // The same picture object every time: the camera projects an unchanged screen once (photograph.ts).
  const virtual = new VirtualCamera({
    source: async () => picture,
    options,
    seed: 1000 + index,
    now: () => clock.now(),
  });
  const cameraCpu = { ms: 0 };
  const calibration = {
    deviceSize: { width: screen.width, height: screen.height },
    screenCorners: screenCornersInPicture(virtual.options, screen),
  };
  const started = process.cpuUsage();
  const { frame, record } = await new GatedCapture(
    framedCamera(virtual, clock, cameraCpu),
    calibration,
    clock,
    defaultRetakePolicy,
  ).capture({});
  const gateMs = cpuMsSince(started) - cameraCpu.ms;
  const { reading, cpuMs } = await wholeRead({ kind: 'camera', calibration }, frame.image);
  return { reading, score: scoreScreen(screen, reading.model), record, cpuMs: gateMs + cpuMs };
}

/** The camera as a rig's: each capture comes a frame interval after the one before; its CPU counted apart. */
function framedCamera(camera: VirtualCamera, clock: ManualClock, cpu: { ms: number }): CameraPort {
  return {
    capture: async (options) => {
      await clock.advance(FRAME_INTERVAL_MS);
      const started = process.cpuUsage();
      const frame = await camera.capture(options);
      cpu.ms += cpuMsSince(started);
      return frame;
    },
    settingsControl: () => camera.settingsControl(),
    describe: () => camera.describe(),
    close: () => camera.close(),
  };
}

/** How the looks' frames were chosen, frames per look and CPU per look, in one cell. */
export function lookSummary(looks: Look[]): string {
  const count = (chosen: CaptureRecord['chosen']) => looks.filter((look) => look.record.chosen === chosen).length;
  const frames = looks.reduce((sum, look) => sum + look.record.tries, 0) / Math.max(1, looks.length);
  const cpu = Math.round(
    percentile(
      looks.map((look) => look.cpuMs),
      50,
    ),
  );
  const shutterChanges = looks.reduce((sum, look) => sum + (look.record.exposure?.length ?? 0), 0);
  const brackets = looks.filter((look) => look.record.bracket);
  const filled = brackets.filter((look) => look.record.bracket!.filled).length;
  return `${count('first')}/${count('retaken')}/${count('fused')}/${count('bracketed')}/${count('best_of_failed')}, ${round(frames, 1)} frames, ${cpu} ms, ${shutterChanges} shutter changes, ${brackets.length} bracketed frames (${filled} filled a patch in)`;
}

function cpuMsSince(started: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}
