// The calibration a config gives: the inline block as it is, or the file it names, read as YAML
// (JSON is YAML) so a problem in that file has a line number too.
import { readFileSync } from 'node:fs';
import { loadYamlWithSchema } from './yaml-schema.js';
import { calibrationSchema, type CalibrationBlock } from '../core/vision/calibration-schema.js';
import type { CalibrationSection } from './calibration-section.js';
import { ConfigError } from './config-error.js';

export function calibrationFromConfig(section: CalibrationSection, where = 'calibration.file'): CalibrationBlock {
  if (!('file' in section)) return section;
  let text: string;
  try {
    text = readFileSync(section.file, 'utf8');
  } catch (error) {
    throw new ConfigError([
      `${where}: cannot read the calibration ${section.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); make one with \`benchhand calibrate --bench URL --out ${section.file}\` or fix the path`,
    ]);
  }
  return loadYamlWithSchema(text, calibrationSchema, section.file, 'calibration');
}
