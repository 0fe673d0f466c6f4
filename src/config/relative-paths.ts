// Paths in a config file are taken from the file's own folder, so a config and the calibration
// beside it move together. Only string values are touched; the schema judges the rest.
import { isAbsolute, resolve } from 'node:path';

type Raw = Record<string, unknown>;

/** section -> key whose value is a path (camera.source only when it is replay:PATH). */
const PATH_KEYS: [string, string][] = [
  ['bench', 'stateDir'],
  ['mcu', 'port'],
  ['calibration', 'file'],
  ['mqtt', 'tlsCa'],
];

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

export function resolvePathsFrom(folder: string, config: Raw): Raw {
  const resolved: Raw = { ...config };
  const fromFolder = (path: string) => (isAbsolute(path) || path === '' ? path : resolve(folder, path));
  for (const [sectionName, key] of PATH_KEYS) {
    const section = resolved[sectionName];
    if (isObject(section) && typeof section[key] === 'string')
      resolved[sectionName] = { ...section, [key]: fromFolder(section[key]) };
  }
  const camera = resolved.camera;
  if (isObject(camera) && typeof camera.source === 'string')
    resolved.camera = { ...camera, source: cameraSourceFrom(folder, camera.source) };
  return resolved;
}

/** A replay:PATH camera source with its path taken from `folder`; other sources as they are. */
export function cameraSourceFrom(folder: string, source: string): string {
  const path = source.startsWith('replay:') ? source.slice('replay:'.length) : '';
  return path === '' || isAbsolute(path) ? source : `replay:${resolve(folder, path)}`;
}
