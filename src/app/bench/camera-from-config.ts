// The camera a config's camera section describes, with its exposure, white-balance and focus
// locks (the config's own, else those the calibration chose) passed to the camera's adapter.
import { HttpCamera } from '../../adapters/camera/http-camera.js';
import { ReplayCamera } from '../../adapters/camera/replay-camera.js';
import { rpicamCamera } from '../../adapters/camera/rpicam-camera.js';
import { v4l2Camera } from '../../adapters/camera/v4l2-camera.js';
import type { CameraPort } from '../../core/ports/camera.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { cameraKind, type CameraSection } from '../../config/camera-section.js';

/**
 * `calibrated`: the settings `benchhand calibrate` chose by measurement (the calibration's
 * `camera`); a Pi camera uses each where the config's camera section does not set it.
 */
export function cameraFromConfig(camera: CameraSection, calibrated?: CalibrationBlock['camera']): CameraPort {
  const { source, width, height, framerate, timeoutMs } = camera;
  const common = { width, height, framerate, timeoutMs };
  switch (cameraKind(source)) {
    case 'rpicam':
      return rpicamCamera({
        ...common,
        shutterUs: camera.shutterUs ?? calibrated?.shutterUs,
        gain: camera.gain ?? calibrated?.gain,
        awbGains: camera.awbGains ?? calibrated?.awbGains,
        lensPosition: camera.lensPosition ?? calibrated?.lensPosition,
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
