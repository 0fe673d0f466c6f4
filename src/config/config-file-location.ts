// Which config file a command reads: the one named on the command line, else $BENCHHAND_CONFIG,
// else /etc/benchhand/config.yaml when it exists, else none. "none" switches the config off
// (a test run on a Pi that has one installed, say).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.js';

export const CONFIG_FILE_ENV = 'BENCHHAND_CONFIG';
export const DEFAULT_CONFIG_FILE = '/etc/benchhand/config.yaml';
export const NO_CONFIG = 'none';

type Env = Record<string, string | undefined>;

export function configFileToUse(
  named: string | undefined,
  env: Env = process.env,
  exists: (path: string) => boolean = existsSync,
): string | undefined {
  const chosen = named ?? (env[CONFIG_FILE_ENV]?.trim() || undefined);
  if (chosen === NO_CONFIG) return undefined;
  if (chosen !== undefined) {
    const file = resolve(chosen);
    const from = named !== undefined ? '--config' : `$${CONFIG_FILE_ENV}`;
    if (!exists(file))
      throw new ConfigError([
        `${from} names ${file}, which does not exist: fix the path, copy host/benchhand.example.yaml there, or use "${NO_CONFIG}" to run without a config file`,
      ]);
    return file;
  }
  return exists(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined;
}
