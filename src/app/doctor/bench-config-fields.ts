// The few fields of the bench configuration file that `doctor` and `flash` need, read by a small
// local loader: the full schema (src/config) is being written alongside and is not there yet.
// Once it is, this file should be replaced by a call to its loader. Unknown keys are ignored
// here; the full check is `benchhand config check`.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export interface BenchConfigFields {
  mcuPort?: string;
  cameraSource?: string;
  /** benchId: mqtt.benchId, else bench.id (as the schema in src/config defaults it). */
  mqtt?: { url?: string; benchId?: string; username?: string; passwordEnv?: string };
  /** The gpio section as written (checked by the GPIO adapter's own schema). */
  gpio?: unknown;
  stateDir?: string;
}

export function readBenchConfigFields(file: string): BenchConfigFields {
  let document: unknown;
  try {
    document = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the configuration ${file}: ${(error as Error).message}`);
  }
  if (document === null || document === undefined) return {};
  if (!isObject(document)) throw new Error(`${file}: the configuration must be a mapping of sections (mcu, camera, mqtt, gpio, bench)`);
  const fields: BenchConfigFields = {};
  const text = (section: string, key: string): string | undefined => {
    const block = document[section];
    if (block === undefined) return undefined;
    if (!isObject(block)) throw new Error(`${file}: ${section} must be a mapping`);
    const value = block[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value === '') throw new Error(`${file}: ${section}.${key} must be a non-empty string`);
    return value;
  };
  fields.mcuPort = text('mcu', 'port');
  fields.cameraSource = text('camera', 'source');
  fields.stateDir = text('bench', 'stateDir');
  if (document.mqtt !== undefined) {
    fields.mqtt = { url: text('mqtt', 'url'), benchId: text('mqtt', 'benchId') ?? text('bench', 'id'), username: text('mqtt', 'username'), passwordEnv: text('mqtt', 'passwordEnv') };
  }
  if (document.gpio !== undefined) fields.gpio = document.gpio;
  return fields;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
