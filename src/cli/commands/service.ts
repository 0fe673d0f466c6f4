// `benchhand service [--config FILE]`: the bench as a service (what host/systemd/benchhand.service
// runs). Tasks are started by dropping a task file into STATE_DIR/inbox/. With --pool it also
// serves a pool of the fleet on the config's MQTT broker (README, "Fleet").
import { videoSettings } from '../../config/video-section.js';
import { systemdNotifier, watchdogPingMs } from '../../app/service/sd-notify.js';
import { runService } from '../../app/service/service.js';
import type { RigSource } from '../../app/bench/rig.js';
import type { MqttSettings } from '../../app/agent/mqtt-wiring.js';
import { configFileToUse } from '../../config/config-file-location.js';
import { loadConfigFile } from '../../config/load-config.js';
import type { BenchConfig } from '../../config/bench-config-schema.js';
import { POOL_PATTERN, POOL_RULE } from '../../core/fleet/job-schema.js';
import { parseTags, type Tags } from '../../core/fleet/tags.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';
import { mqttSettings } from './run.js';

const USAGE =
  'benchhand service [--config FILE] [--bench URL] [--ping-ms N] [--pool NAME [--tags K=V,...] [--hand-on-ms N]]';

export async function serviceCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      config: { type: 'string' },
      'ping-ms': { type: 'string' },
      bench: { type: 'string' },
      pool: { type: 'string' },
      tags: { type: 'string', multiple: true },
      'hand-on-ms': { type: 'string' },
    },
    USAGE,
  );
  const file = configFileToUse(values.config);
  if (!file)
    throw new UsageError(
      `the service needs a config file: --config FILE, $BENCHHAND_CONFIG, or /etc/benchhand/config.yaml (see host/benchhand.example.yaml)\nusage: ${USAGE}`,
    );
  const { config } = loadConfigFile(file);
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => controller.abort(`${signal} received`));
  const pingMs = values['ping-ms'] ? Number(values['ping-ms']) : watchdogPingMs();
  if (!Number.isInteger(pingMs) || pingMs < 100)
    throw new UsageError(`--ping-ms must be a whole number of milliseconds >= 100\nusage: ${USAGE}`);
  return runService({
    rig: rigOf(values.bench, config, file),
    stateDir: config.bench?.stateDir ?? defaultStateDir(),
    configFile: file,
    notify: systemdNotifier(),
    pingMs,
    console: config.console,
    // A manual session (an idle bench taken by hand) is guarded as a run with this config is.
    ...(config.guardrails ? { guardrails: { bench: config.guardrails } } : {}),
    video: videoSettings(config.video),
    ...brokerOf(config),
    ...fleetOf(values, config, file),
    say: (line) => process.stderr.write(`${line}\n`),
    signal: controller.signal,
  });
}

/** The config's broker, for the hand-over delivered at start; a broker the config cannot reach is said, not fatal. */
function brokerOf(config: BenchConfig): { mqtt?: MqttSettings } {
  try {
    const mqtt = mqttSettings({}, config);
    return mqtt ? { mqtt } : {};
  } catch (error) {
    process.stderr.write(`benchhand service: the mqtt section is not usable (${(error as Error).message})\n`);
    return {};
  }
}

function rigOf(bench: string | undefined, config: BenchConfig, file: string): RigSource {
  if (bench) return { kind: 'bench', url: bench };
  if (!config.mcu || !config.camera || !config.calibration) {
    throw new UsageError(
      `${file} must describe the rig for the service: the sections mcu, camera and calibration (see host/benchhand.example.yaml), or give --bench URL for a virtual bench\nusage: ${USAGE}`,
    );
  }
  return {
    kind: 'config',
    settings: {
      port: config.mcu.port,
      camera: config.camera,
      calibration: config.calibration,
      origin: `config ${file}`,
    },
  };
}

function fleetOf(
  values: { pool?: string; tags?: string[]; 'hand-on-ms'?: string },
  config: BenchConfig,
  file: string,
): { fleet?: NonNullable<Parameters<typeof runService>[0]['fleet']> } {
  if (values.pool === undefined) {
    if (values.tags || values['hand-on-ms'])
      throw new UsageError(`--tags and --hand-on-ms belong to a pool: add --pool NAME\nusage: ${USAGE}`);
    return {};
  }
  if (!POOL_PATTERN.test(values.pool))
    throw new UsageError(`--pool "${values.pool}" must be ${POOL_RULE}\nusage: ${USAGE}`);
  const mqtt = mqttSettings({}, config);
  if (!mqtt)
    throw new UsageError(
      `--pool needs a broker: add an mqtt section (url, and benchId or bench.id) to ${file}\nusage: ${USAGE}`,
    );
  const parsed = parseTags((values.tags ?? []).join(','));
  if (!parsed.ok) throw new UsageError(`--tags: ${parsed.message}\nusage: ${USAGE}`);
  const tags: Tags = parsed.tags;
  const handOnMs = values['hand-on-ms'] === undefined ? undefined : Number(values['hand-on-ms']);
  if (handOnMs !== undefined && (!Number.isInteger(handOnMs) || handOnMs < 100))
    throw new UsageError(`--hand-on-ms must be a whole number of milliseconds >= 100\nusage: ${USAGE}`);
  return {
    fleet: {
      mqtt,
      pool: values.pool,
      tags,
      ...(handOnMs ? { handOnMs } : {}),
      software: `benchhand ${process.env.npm_package_version ?? '0.1.0'}`,
    },
  };
}
