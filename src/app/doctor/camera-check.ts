// The camera source works: its program is installed (rpicam-vid, ffmpeg) and a frame arrives in
// time. replay:PATH and http:// sources are checked by capturing from them too.
import { existsSync } from 'node:fs';
import { openBench } from '../bench/open-bench.js';
import { findOnPath } from '../flash/executable-on-path.js';
import { fail, pass, type CheckResult } from './check-result.js';
import { systemClock } from '../../adapters/clock/system-clock.js';
import { withTimeout } from '../../core/time/with-timeout.js';

export const CAMERA_NAME = 'camera';
const SOURCES_FIX =
  'give --camera rpicam, v4l2:/dev/videoN, replay:PATH or http://HOST:PORT/ (or camera.source in --config)';

export async function checkCamera(source: string | undefined, timeoutMs: number): Promise<CheckResult> {
  if (!source) return fail(CAMERA_NAME, 'no camera source configured', SOURCES_FIX);
  const missing = missingProgram(source);
  if (missing) return missing;
  // The camera as every command builds it (openBench's camera part).
  const bench = openBench({ cameraSource: source, say: () => undefined });
  try {
    await bench.start('camera');
  } catch (error) {
    return fail(CAMERA_NAME, (error as Error).message, SOURCES_FIX);
  }
  const camera = bench.get('camera');
  const started = performance.now();
  try {
    const frame = await withTimeout(camera.capture({ timeoutMs }), timeoutMs + 500, `camera ${source}`, systemClock);
    const ms = Math.round(performance.now() - started);
    return pass(CAMERA_NAME, `${source}: a ${frame.width}x${frame.height} ${frame.format} frame in ${ms} ms`);
  } catch (error) {
    return fail(CAMERA_NAME, `${source}: ${(error as Error).message}`, frameFix(source));
  } finally {
    await bench.stop().catch(() => undefined);
  }
}

function missingProgram(source: string): CheckResult | undefined {
  if (source === 'rpicam' && !findOnPath('rpicam-vid')) {
    return fail(
      CAMERA_NAME,
      'rpicam-vid is not installed',
      'sudo apt install rpicam-apps (Raspberry Pi OS), then check `rpicam-hello --list-cameras`',
    );
  }
  if (source.startsWith('v4l2:')) {
    if (!findOnPath('ffmpeg'))
      return fail(CAMERA_NAME, 'ffmpeg is not installed (it reads the USB camera)', 'sudo apt install ffmpeg');
    const device = source.slice(5) || '/dev/video0';
    if (!existsSync(device))
      return fail(
        CAMERA_NAME,
        `${device} does not exist`,
        'plug the camera in; `ls /dev/video*` and `v4l2-ctl --list-devices` (package v4l-utils) show its path',
      );
  }
  if (source.startsWith('replay:') && !existsSync(source.slice(7))) {
    return fail(
      CAMERA_NAME,
      `${source.slice(7)} does not exist`,
      'give replay: a folder of .jpg/.png pictures or one picture',
    );
  }
  return undefined;
}

function frameFix(source: string): string {
  if (source === 'rpicam')
    return 'check the ribbon cable and `rpicam-hello --list-cameras`; stop any other program using the camera; add this user to the video group: sudo usermod -aG video $USER';
  if (source.startsWith('v4l2:'))
    return 'check `v4l2-ctl --list-formats-ext -d DEVICE`; stop any other program using the camera; sudo usermod -aG video $USER';
  if (/^https?:/.test(source))
    return 'start the camera server (benchhand sim prints its camera address) and check the address';
  return SOURCES_FIX;
}
