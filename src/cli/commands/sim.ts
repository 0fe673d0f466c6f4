// `benchhand sim [device-file]`: the whole virtual bench as its own process — the simulated MCU
// on a pty, the virtual device, the virtual camera served on loopback — so an agent connects to
// it as to real hardware and can be killed while the bench and the device's state live on.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../app/package-root.js';
import { BenchServer } from '../../sim/bench/bench-server.js';
import { VirtualBench, type BenchDevice, type BenchMount } from '../../sim/bench/virtual-bench.js';
import { ReplayDevice } from '../../sim/replay/replay-device.js';
import type { CameraOptionsInput } from '../../sim/camera/camera-options.js';
import { parseOptions, UsageError } from '../args.js';
import { YamlFileError } from '../../config/yaml-schema.js';

const USAGE =
  'benchhand sim [DEVICE_FILE | --replay DIR|FILE.replay.yaml] [--record DIR] [--seed N] [--http-port N] [--dir DIR] [--mount X,Y,SCALE] [--camera JSON]';

export const DEFAULT_DEVICE = 'settings-wifi';

export function resolveDeviceFile(name: string | undefined): string {
  const candidate = name ?? DEFAULT_DEVICE;
  if (existsSync(candidate)) return candidate;
  const bundled = join(packageRoot(), 'src', 'sim', 'devices', `${candidate.replace(/\.ya?ml$/, '')}.yaml`);
  if (existsSync(bundled)) return bundled;
  throw new UsageError(
    `device file "${candidate}" not found: give a path to a device file, or one of the examples (settings-wifi, sign-in-otp, shop-checkout, messages)\nusage: ${USAGE}`,
  );
}

/** --dir holds the MCU's serial link and its log: a folder that is there, not created on a guess. */
function checkFolder(dir: string): void {
  if (!existsSync(dir))
    throw new UsageError(
      `--dir ${dir} does not exist: create it (mkdir -p ${dir}) or leave --dir out for a temporary folder\nusage: ${USAGE}`,
    );
  if (!statSync(dir).isDirectory())
    throw new UsageError(
      `--dir ${dir} is not a folder: give a folder for the serial link and the MCU's log\nusage: ${USAGE}`,
    );
}

function parseMount(text: string): BenchMount {
  const parts = text.split(',').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n)) || parts[2]! <= 0) {
    throw new UsageError(
      `--mount must be X,Y,SCALE (the device's offset in the actuator workspace and actuator units per device pixel, SCALE > 0), like 40,60,1.25; got "${text}"\nusage: ${USAGE}`,
    );
  }
  return { offsetX: parts[0]!, offsetY: parts[1]!, scale: parts[2]! };
}

function parseCamera(text: string): CameraOptionsInput {
  try {
    return JSON.parse(text) as CameraOptionsInput;
  } catch (error) {
    throw new UsageError(
      `--camera must be a JSON object of camera options, like '{"blurSigma":1.5,"noiseSigma":6}': ${(error as Error).message}\nusage: ${USAGE}`,
    );
  }
}

export async function simCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseOptions(
    argv,
    {
      record: { type: 'string' },
      seed: { type: 'string' },
      'http-port': { type: 'string' },
      dir: { type: 'string' },
      mount: { type: 'string' },
      camera: { type: 'string' },
      replay: { type: 'string' },
    },
    USAGE,
  );
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed))
    throw new UsageError(`--seed must be a whole number, got "${values.seed}"\nusage: ${USAGE}`);
  if (values.replay !== undefined && positionals[0] !== undefined)
    throw new UsageError(`give a device file or --replay, not both\nusage: ${USAGE}`);
  if (values.dir !== undefined) checkFolder(values.dir);
  const deviceFile = values.replay ?? resolveDeviceFile(positionals[0]);
  const start = values.replay !== undefined ? VirtualBench.startReplay : VirtualBench.start;
  const bench: VirtualBench<BenchDevice> = await start({
    deviceFile,
    seed,
    dir: values.dir,
    recordDir: values.record,
    mount: values.mount ? parseMount(values.mount) : undefined,
    camera: values.camera ? parseCamera(values.camera) : undefined,
  }).catch((error: unknown) => {
    // The device file is read first, before anything starts: its problems are bad input.
    if (error instanceof YamlFileError) throw new UsageError(error.message);
    throw error;
  });
  const server = await BenchServer.start(bench, values['http-port'] ? Number(values['http-port']) : 0);
  process.stdout.write(`${server.url}\n`);
  process.stderr.write(
    [
      `virtual bench running: ${deviceFile} (${bench.device.width}x${bench.device.height}), camera seed ${seed}`,
      ...replayLines(bench.device),
      `  serial   ${bench.serialPath}`,
      `  camera   ${server.url}/camera/frame`,
      values.record ? `  record   every frame with its ground truth into ${values.record}` : '',
      `run an agent on it:   benchhand run TASK --bench ${server.url}`,
      `talk to its MCU:      benchhand console --port ${bench.serialPath}`,
      bench.device instanceof ReplayDevice ? `what it shows:        curl ${server.url}/device` : '',
      `switch on a fault:    benchhand fault --bench ${server.url} tap-miss n=1 dx=60 dy=0`,
      'Ctrl-C stops the bench.',
      '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  await bench.stop();
  return 0;
}

/** A recorded app: where it starts and what the recording gets wrong, said before anything runs. */
function replayLines(device: BenchDevice): string[] {
  if (!(device instanceof ReplayDevice)) return [];
  const { recording } = device;
  return [
    `  replay   ${recording.app}: ${recording.states.size} states, ${recording.events.length} events, starting on ${device.state}`,
    ...device.notes.map((note) => `  note     ${note}`),
  ];
}
