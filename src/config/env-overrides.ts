// Environment variables that replace one key of the config file, for a one-off run or a systemd
// drop-in: they win over the file, and the command line wins over them. The LLM's own variables
// (BENCHHAND_LLM_PROVIDER, _MODEL, _BASE_URL) replace keys of an llm section the file has; without
// one they still apply when a run builds its LLM.
import { resolve } from 'node:path';
import { ENV_OVERRIDES as LLM_ENV_OVERRIDES } from './llm-section.js';
import { withCameraSource } from './camera-section.js';
import { cameraSourceFrom } from './relative-paths.js';

type Env = Record<string, string | undefined>;
type Raw = Record<string, unknown>;

export interface EnvOverride {
  variable: string;
  section: string;
  key: string;
  /** A path: a relative one is taken from the working directory. */
  isPath?: boolean;
  /** Applies only when the file has the section (its other keys are required). */
  onlyIntoExistingSection?: boolean;
}

export const ENV_OVERRIDES: readonly EnvOverride[] = [
  { variable: 'BENCHHAND_BENCH_ID', section: 'bench', key: 'id' },
  { variable: 'BENCHHAND_STATE_DIR', section: 'bench', key: 'stateDir', isPath: true },
  { variable: 'BENCHHAND_MCU_PORT', section: 'mcu', key: 'port', isPath: true },
  { variable: 'BENCHHAND_CAMERA', section: 'camera', key: 'source' },
  { variable: 'BENCHHAND_MQTT_URL', section: 'mqtt', key: 'url' },
  ...Object.entries(LLM_ENV_OVERRIDES).map(([key, variable]) => ({
    variable,
    section: 'llm',
    key,
    onlyIntoExistingSection: true,
  })),
];

export interface Overridden {
  config: Raw;
  /** "mcu.port" -> "BENCHHAND_MCU_PORT", for every key an environment variable set. */
  fromEnv: Map<string, string>;
}

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

export function applyEnvOverrides(config: Raw, env: Env = process.env): Overridden {
  const merged: Raw = { ...config };
  const fromEnv = new Map<string, string>();
  for (const override of ENV_OVERRIDES) {
    const value = env[override.variable]?.trim();
    if (!value) continue;
    const existing = merged[override.section];
    if (override.onlyIntoExistingSection && !isObject(existing)) continue;
    const section = isObject(existing) ? existing : {};
    merged[override.section] =
      override.section === 'camera' && override.key === 'source'
        ? withCameraSource(section, cameraSourceFrom(process.cwd(), value))
        : { ...section, [override.key]: override.isPath ? resolve(value) : value };
    fromEnv.set(`${override.section}.${override.key}`, override.variable);
  }
  return { config: merged, fromEnv };
}
