// The camera a config's camera section describes, with its exposure, white-balance and focus
// locks passed to the camera's adapter.
import { HttpCamera } from '../../adapters/camera/http-camera.js';
import { ReplayCamera } from '../../adapters/camera/replay-camera.js';
import { rpicamCamera } from '../../adapters/camera/rpicam-camera.js';
import { v4l2Camera } from '../../adapters/camera/v4l2-camera.js';
import type { CameraPort } from '../../core/ports/camera.js';
import { cameraKind, type CameraSection } from '../../config/camera-section.js';

export function cameraFromConfig(camera: CameraSection): CameraPort {
  const { source, width, height, framerate, timeoutMs } = camera;
  const common = { width, height, framerate, timeoutMs };
  switch (cameraKind(source)) {
    case 'rpicam':
      return rpicamCamera({
        ...common,
        shutterUs: camera.shutterUs,
        gain: camera.gain,
        awbGains: camera.awbGains,
        lensPosition: camera.lensPosition,
        camera: camera.cameraIndex,
      });
    case 'v4l2':
      return v4l2Camera({
        ...common,
        device: source.slice('v4l2:'.length) || '/dev/video0',
        passthrough: camera.passthrough,
      });
    case 'replay':
      return new ReplayCamera(source.slice('replay:'.length), { loop: true });
    case 'http':
      return new HttpCamera(source);
    default:
      throw new Error(
        `camera.source "${source}" passed the schema but names no camera: this is a bug in src/config/camera-section.ts`,
      );
  }
}
