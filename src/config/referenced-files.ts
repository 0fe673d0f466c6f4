// The files a valid config points at, checked the way the run will use them: the calibration file
// is loaded with its schema, the broker's CA and a replayed camera's pictures must be readable.
// (The serial device and the camera hardware are `benchhand doctor`'s to check.)
import { accessSync, constants } from 'node:fs';
import type { CalibrationBlock } from '../core/vision/calibration-schema.js';
import { YamlFileError } from './yaml-schema.js';
import type { BenchConfig } from './bench-config-schema.js';
import { calibrationFromConfig } from './calibration-from-config.js';
import { cameraKind } from './camera-section.js';
import { ConfigError } from './config-error.js';

export interface ReferencedFiles {
  problems: string[];
  calibration?: CalibrationBlock;
}

export function checkReferencedFiles(config: BenchConfig): ReferencedFiles {
  const problems: string[] = [];
  const readable = (key: string, path: string, fix: string) => {
    try {
      accessSync(path, constants.R_OK);
    } catch (error) {
      problems.push(`${key}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'}); ${fix}`);
    }
  };
  if (config.mqtt?.tlsCa)
    readable(
      'mqtt.tlsCa',
      config.mqtt.tlsCa,
      "give the path of the broker's CA certificate (PEM), readable by this user",
    );
  if (config.camera && cameraKind(config.camera.source) === 'replay') {
    readable(
      'camera.source',
      config.camera.source.slice('replay:'.length),
      'give a picture or a folder of pictures that exists',
    );
  }
  let calibration: CalibrationBlock | undefined;
  if (config.calibration) {
    try {
      calibration = calibrationFromConfig(config.calibration);
    } catch (error) {
      if (error instanceof ConfigError) problems.push(...error.problems);
      else if (error instanceof YamlFileError) problems.push(`calibration.file: ${error.message}`);
      else throw error;
    }
  }
  return calibration ? { problems, calibration } : { problems };
}
