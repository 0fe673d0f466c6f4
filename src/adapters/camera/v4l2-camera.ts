// A USB (UVC/V4L2) camera through ffmpeg, re-encoded or passed through as MJPEG on stdout.
// Exposure and focus locks are V4L2 controls, set before ffmpeg opens the device.
import { MjpegProcessCamera } from './mjpeg-process-camera.js';

export interface V4l2Options {
  device?: string;
  width?: number;
  height?: number;
  framerate?: number;
  /** The camera delivers MJPEG itself: pass it through instead of re-encoding. */
  passthrough?: boolean;
  command?: string;
  timeoutMs?: number;
}

export function v4l2Args(options: V4l2Options = {}): string[] {
  const size = `${options.width ?? 1280}x${options.height ?? 720}`;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'v4l2',
    ...(options.passthrough ? ['-input_format', 'mjpeg'] : []),
    '-framerate',
    String(options.framerate ?? 10),
    '-video_size',
    size,
    '-i',
    options.device ?? '/dev/video0',
    ...(options.passthrough ? ['-c:v', 'copy'] : ['-q:v', '3']),
    '-f',
    'mjpeg',
    'pipe:1',
  ];
}

export function v4l2Camera(options: V4l2Options = {}): MjpegProcessCamera {
  return new MjpegProcessCamera({
    command: options.command ?? 'ffmpeg',
    args: v4l2Args(options),
    timeoutMs: options.timeoutMs ?? 5000,
    installHint:
      'Install ffmpeg (apt install ffmpeg); lock exposure/focus with v4l2-ctl (exposure_auto=1, focus_auto=0).',
  });
}
