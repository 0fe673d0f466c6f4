// The real rig as the config (with the command line's overrides) describes it: the MCU's serial
// device, the camera and the calibration. Shaped as app/agent's BenchConnection.
import type { CameraPort } from '../../core/ports/camera.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { calibrationFromConfig } from '../../config/calibration-from-config.js';
import type { CalibrationSection } from '../../config/calibration-section.js';
import { cameraFromConfig } from './camera-from-config.js';
import type { CameraSection } from '../../config/camera-section.js';

export interface RigSettings {
  port: string;
  camera: CameraSection;
  calibration: CalibrationSection;
  /** Where these came from, for the run's first line, e.g. "config /etc/benchhand/config.yaml". */
  origin: string;
}

export interface Rig {
  serialPath: string;
  camera: CameraPort;
  calibration: CalibrationBlock;
  description: string;
  close(): Promise<void>;
}

export function rigFromConfig(settings: RigSettings): Rig {
  const calibration = calibrationFromConfig(settings.calibration);
  return {
    serialPath: settings.port,
    camera: cameraFromConfig(settings.camera),
    calibration,
    description: `the rig (${settings.port}, camera ${settings.camera.source}; ${settings.origin})`,
    close: async () => undefined,
  };
}
