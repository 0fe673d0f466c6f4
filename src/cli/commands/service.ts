// `benchhand service [--config FILE]`: the bench as a service (what host/systemd/benchhand.service
// runs). Tasks are started by dropping a task file into STATE_DIR/inbox/.
import { systemdNotifier, watchdogPingMs } from '../../app/service/sd-notify.js';
import { runService } from '../../app/service/service.js';
import { configFileToUse } from '../../config/config-file-location.js';
import { loadConfigFile } from '../../config/load-config.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';

const USAGE = 'benchhand service [--config FILE] [--ping-ms N]';

export async function serviceCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(argv, { config: { type: 'string' }, 'ping-ms': { type: 'string' } }, USAGE);
  const file = configFileToUse(values.config);
  if (!file) throw new UsageError(`the service needs a config file: --config FILE, $BENCHHAND_CONFIG, or /etc/benchhand/config.yaml (see host/benchhand.example.yaml)\nusage: ${USAGE}`);
  const { config } = loadConfigFile(file);
  if (!config.mcu || !config.camera || !config.calibration) {
    throw new UsageError(`${file} must describe the rig for the service: the sections mcu, camera and calibration (see host/benchhand.example.yaml)\nusage: ${USAGE}`);
  }
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => controller.abort(`${signal} received`));
  const pingMs = values['ping-ms'] ? Number(values['ping-ms']) : watchdogPingMs();
  if (!Number.isInteger(pingMs) || pingMs < 100) throw new UsageError(`--ping-ms must be a whole number of milliseconds >= 100\nusage: ${USAGE}`);
  return runService({
    rig: { port: config.mcu.port, camera: config.camera, calibration: config.calibration, origin: `config ${file}` },
    stateDir: config.bench?.stateDir ?? defaultStateDir(), configFile: file, notify: systemdNotifier(), pingMs, console: config.console,
    say: (line) => process.stderr.write(`${line}\n`), signal: controller.signal,
  });
}
