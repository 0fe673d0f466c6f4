// `benchhand doctor`: is this machine ready to run the bench? Serial device and permissions,
// firmware protocol, camera, GPIO base, tap accuracy (the approval gate's margin), OCR data, broker and ACL, disk space, clock — each a
// pass or the fix to apply. Exit 0 when nothing failed, 1 otherwise.
import { readBenchConfigFields, type BenchConfigFields } from '../../app/doctor/bench-config-fields.js';
import { formatCheckLine, formatJson, formatSummary } from '../../app/doctor/format-doctor-report.js';
import { doctorChecks, doctorExitCode, runDoctor } from '../../app/doctor/run-doctor.js';
import { defaultStateDir, parseOptions, UsageError } from '../args.js';

const USAGE =
  'benchhand doctor [--config FILE] [--port PATH] [--camera SOURCE] [--broker URL [--bench-id ID] [--username USER --password-env VAR]] [--state-dir DIR] [--timeout SECONDS] [--json]';

/** Where sysfs GPIO is read; only tests (fake trees) and unusual kernels set it. */
export const GPIO_SYSFS_ROOT_VARIABLE = 'BENCHHAND_GPIO_SYSFS_ROOT';

export async function doctorCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      config: { type: 'string' },
      port: { type: 'string' },
      camera: { type: 'string' },
      broker: { type: 'string' },
      'bench-id': { type: 'string' },
      username: { type: 'string' },
      'password-env': { type: 'string' },
      'state-dir': { type: 'string' },
      timeout: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    process.stdout.write(`usage: ${USAGE}\n`);
    return 0;
  }
  const timeoutSeconds = Number(values.timeout ?? '5');
  if (!Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0)
    throw new UsageError(`--timeout must be a number of seconds above 0; got "${values.timeout}"\nusage: ${USAGE}`);
  const config: BenchConfigFields = values.config ? readBenchConfigFields(values.config) : {};
  const mqtt = config.mqtt ?? {};
  const brokerUrl = values.broker ?? mqtt.url;
  const checks = doctorChecks({
    port: values.port ?? config.mcuPort,
    cameraSource: values.camera ?? config.cameraSource,
    broker: brokerUrl
      ? {
          url: brokerUrl,
          benchId: values['bench-id'] ?? mqtt.benchId,
          username: values.username ?? mqtt.username,
          passwordEnv: values['password-env'] ?? mqtt.passwordEnv,
        }
      : undefined,
    gpio: config.gpio,
    ...(config.calibration ? { calibration: config.calibration } : {}),
    ...(config.tapMarginPx !== undefined ? { tapMarginPx: config.tapMarginPx } : {}),
    llm: config.llm,
    stateDir: values['state-dir'] ?? config.stateDir ?? defaultStateDir(),
    timeoutMs: timeoutSeconds * 1000,
    gpioSysfsRoot: process.env[GPIO_SYSFS_ROOT_VARIABLE] || undefined,
  });
  const results = await runDoctor(checks, values.json ? undefined : (result) => print(formatCheckLine(result)));
  print(values.json ? formatJson(results) : formatSummary(results));
  return doctorExitCode(results);
}

function print(text: string): void {
  process.stdout.write(`${text}\n`);
}
