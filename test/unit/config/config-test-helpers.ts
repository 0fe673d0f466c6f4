// Loading a config from text in a temp folder, and catching its problems as (line, field, message).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { YamlFileError, type FileProblem } from '../../../src/config/yaml-schema.js';
import { loadConfigText, type LoadedConfig } from '../../../src/config/load-config.js';

export const CALIBRATION = {
  version: 1,
  deviceSize: { width: 1080, height: 2400 },
  cameraSize: { width: 1640, height: 1232 },
  screenCorners: [
    { x: 1531, y: 295 },
    { x: 1536, y: 949 },
    { x: 122, y: 887 },
    { x: 159, y: 286 },
  ],
  actuator: { affine: [1, 0, 0, 0, 1, 0], source: 'identity' },
};

export function tempFolder(): string {
  return mkdtempSync(join(tmpdir(), 'bh-config-'));
}

export function load(lines: string[], env: Record<string, string> = {}, folder = '/srv/bench'): LoadedConfig {
  return loadConfigText(lines.join('\n'), join(folder, 'config.yaml'), env);
}

export function problemsOf(lines: string[], env: Record<string, string> = {}): FileProblem[] {
  try {
    load(lines, env);
  } catch (error) {
    if (error instanceof YamlFileError) return error.problems;
    throw error;
  }
  throw new Error('expected the config to be refused');
}

export function writeCalibration(folder: string, value: unknown = CALIBRATION, name = 'calibration.json'): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(value, null, 1));
  return path;
}
