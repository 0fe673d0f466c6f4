// The Raspberry Pi camera: one long-running `rpicam-vid --codec mjpeg -o -` producer (stills
// take seconds each). Exposure, white balance and focus can be locked for steady OCR; new settings
// (`benchhand calibrate`'s sweep) restart the producer with them, since rpicam-vid takes its
// controls only on its command line.
import type { CameraSettings, CameraSettingsSupport } from '../../core/ports/camera.js';
import { MjpegProcessCamera } from './mjpeg-process-camera.js';

export interface RpicamOptions {
  width?: number;
  height?: number;
  framerate?: number;
  /** Locks the exposure: shutter time in microseconds and analogue gain. */
  shutterUs?: number;
  gain?: number;
  /** Locks the white balance: red and blue gains. */
  awbGains?: [number, number];
  /** Locks the focus at this lens position (dioptres; 0 = infinity). */
  lensPosition?: number;
  /** Which camera, when several are attached. */
  camera?: number;
  command?: string;
  timeoutMs?: number;
  /** The lens can move; absent: decided by the sensor rpicam-vid names (the Camera Module 3's IMX708). */
  focusable?: boolean;
}

/**
 * Frames dropped after a restart with new settings: the first frames of a fresh rpicam-vid can be
 * exposed before the lens has reached its position (a Camera Module 3's lens moves in ~100 ms;
 * 3 frames at 10 fps is 300 ms).
 */
const SETTLE_FRAMES = 3;

/** The Camera Module 3's sensor: the Pi camera with a motorised lens. */
const FOCUSABLE_SENSOR = /imx708/i;

export class RpicamCamera extends MjpegProcessCamera {
  constructor(private readonly options: RpicamOptions) {
    super({
      command: options.command ?? 'rpicam-vid',
      args: rpicamArgs(options),
      timeoutMs: options.timeoutMs ?? 5000,
      installHint:
        'Install rpicam-apps (Raspberry Pi OS: apt install rpicam-apps) and check `rpicam-hello --list-cameras`.',
    });
  }

  async settingsControl(): Promise<CameraSettingsSupport> {
    // The sensor is named when the program starts: one frame makes sure it has.
    if (this.options.focusable === undefined) await this.capture();
    const focusable = this.options.focusable ?? FOCUSABLE_SENSOR.test(this.startupMessages);
    return {
      ok: true,
      control: {
        focusable,
        apply: (settings: CameraSettings) =>
          this.restart(
            rpicamArgs({
              ...this.options,
              ...settings,
              lensPosition: focusable ? settings.lensPosition : undefined,
            }),
            SETTLE_FRAMES,
          ),
      },
    };
  }
}

export function rpicamArgs(options: RpicamOptions = {}): string[] {
  const args = [
    '--codec',
    'mjpeg',
    '-o',
    '-',
    '-t',
    '0',
    '--nopreview',
    '--width',
    String(options.width ?? 1640),
    '--height',
    String(options.height ?? 1232),
    '--framerate',
    String(options.framerate ?? 10),
  ];
  if (options.camera !== undefined) args.push('--camera', String(options.camera));
  if (options.shutterUs !== undefined) args.push('--shutter', String(options.shutterUs));
  if (options.gain !== undefined) args.push('--gain', String(options.gain));
  if (options.awbGains) args.push('--awbgains', `${options.awbGains[0]},${options.awbGains[1]}`);
  if (options.lensPosition !== undefined)
    args.push('--autofocus-mode', 'manual', '--lens-position', String(options.lensPosition));
  return args;
}

export function rpicamCamera(options: RpicamOptions = {}): RpicamCamera {
  return new RpicamCamera(options);
}
