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

/** rpicam-vid's shortest shutter: a few rows' time (the sensors read a row in ~20..30 µs). */
const MIN_SHUTTER_US = 100;

export class RpicamCamera extends MjpegProcessCamera {
  /** The settings applied last through settingsControl(). */
  private applied?: CameraSettings;

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
        apply: async (settings: CameraSettings) => {
          await this.restart(
            rpicamArgs({
              ...this.options,
              ...settings,
              lensPosition: focusable ? settings.lensPosition : undefined,
            }),
            SETTLE_FRAMES,
          );
          this.applied = { ...settings, awbGains: [...settings.awbGains] };
        },
        current: () => this.applied ?? lockedSettings(this.options),
        // A frame's interval bounds the shutter: rpicam-vid would lower the frame rate instead.
        shutterLimitsUs: { minUs: MIN_SHUTTER_US, maxUs: Math.round(1e6 / (this.options.framerate ?? FRAMERATE)) },
      },
    };
  }
}

/** The settings the camera was started locked at; undefined while exposure or white balance is automatic. */
function lockedSettings(options: RpicamOptions): CameraSettings | undefined {
  const { shutterUs, gain, awbGains, lensPosition } = options;
  if (shutterUs === undefined || gain === undefined || !awbGains) return undefined;
  return { shutterUs, gain, awbGains: [...awbGains], ...(lensPosition !== undefined ? { lensPosition } : {}) };
}

/** Frames per second: 10, a frame every 100 ms (the retake policy counts on it). */
const FRAMERATE = 10;

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
    String(options.framerate ?? FRAMERATE),
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
