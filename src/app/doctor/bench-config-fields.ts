// The few fields of the bench configuration that `doctor` and `flash` need, read through the one
// config loader (src/config): the same strict schema, line-numbered errors and BENCHHAND_*
// environment overrides as `benchhand run`.
import { calibrationFromConfig } from '../../config/calibration-from-config.js';
import { loadConfigFile } from '../../config/load-config.js';
import type { CalibrationBlock } from '../../core/vision/calibration-schema.js';

export interface BenchConfigFields {
  mcuPort?: string;
  cameraSource?: string;
  /** benchId: mqtt.benchId, else bench.id (as the schema defaults it). */
  mqtt?: { url?: string; benchId?: string; username?: string; passwordEnv?: string };
  /** The gpio section as written (checked by the GPIO adapter's own schema). */
  gpio?: unknown;
  stateDir?: string;
  calibration?: CalibrationBlock;
  /** guardrails.tapMarginPx, when a person set it. */
  tapMarginPx?: number;
  /** The llm section as written (doctor shows the one endpoint it names). */
  llm?: unknown;
}

export function readBenchConfigFields(file: string, env: NodeJS.ProcessEnv = process.env): BenchConfigFields {
  const { config } = loadConfigFile(file, env);
  return {
    mcuPort: config.mcu?.port,
    cameraSource: config.camera?.source,
    stateDir: config.bench?.stateDir,
    ...(config.calibration ? { calibration: calibrationFromConfig(config.calibration) } : {}),
    ...(config.guardrails?.tapMarginPx !== undefined ? { tapMarginPx: config.guardrails.tapMarginPx } : {}),
    ...(config.mqtt
      ? {
          mqtt: {
            url: config.mqtt.url,
            benchId: config.mqtt.benchId ?? config.bench?.id,
            username: config.mqtt.username,
            passwordEnv: config.mqtt.passwordEnv,
          },
        }
      : {}),
    ...(config.gpio !== undefined ? { gpio: config.gpio } : {}),
    ...(config.llm !== undefined ? { llm: config.llm } : {}),
  };
}
