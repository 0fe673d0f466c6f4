// The Raspberry Pi camera: one long-running `rpicam-vid --codec mjpeg -o -` producer (stills
// take seconds each). Exposure, white balance and focus can be locked for steady OCR.
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

export function rpicamCamera(options: RpicamOptions = {}): MjpegProcessCamera {
  return new MjpegProcessCamera({
    command: options.command ?? 'rpicam-vid',
    args: rpicamArgs(options),
    timeoutMs: options.timeoutMs ?? 5000,
    installHint:
      'Install rpicam-apps (Raspberry Pi OS: apt install rpicam-apps) and check `rpicam-hello --list-cameras`.',
  });
}
