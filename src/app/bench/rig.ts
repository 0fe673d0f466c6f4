// Where the agent's hardware is: a virtual bench started for this run (--sim), a running one
// (--bench URL), or the real rig the config describes. Each is a Rig: a serial path, a camera and
// a calibration. open-bench.ts turns a RigSource into one when the bench starts (its rig part: the
// only caller), and every camera is made by camera-from-config.ts.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { calibrationFromConfig } from '../../config/calibration-from-config.js';
import type { CalibrationSection } from '../../config/calibration-section.js';
import { cameraKind, type CameraSection } from '../../config/camera-section.js';
import type { CameraPort } from '../../core/ports/camera.js';
import { parseCalibration, type CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { BenchServer } from '../../sim/bench/bench-server.js';
import { VirtualBench } from '../../sim/bench/virtual-bench.js';
import { cameraFromConfig } from './camera-from-config.js';

export interface Rig {
  serialPath: string;
  camera: CameraPort;
  calibration: CalibrationBlock;
  /** For the run's first line, e.g. "virtual bench http://127.0.0.1:8080 (settings-wifi)". */
  description: string;
  /** The virtual device file, on a virtual bench (the fleet's device tags come from it). */
  deviceFile?: string;
  close(): Promise<void>;
}

/** The real rig as the config (with the command line's overrides) describes it. */
export interface RigSettings {
  port: string;
  camera: CameraSection;
  calibration: CalibrationSection;
  /** Where these came from, for the run's first line, e.g. "config /etc/benchhand/config.yaml". */
  origin: string;
}

export type RigSource =
  | { kind: 'sim'; deviceFile: string; recordDir?: string; seed?: number }
  | { kind: 'bench'; url: string }
  | { kind: 'config'; settings: RigSettings };

export function openRig(source: RigSource): Promise<Rig> {
  if (source.kind === 'sim') return startBench(source.deviceFile, source);
  if (source.kind === 'bench') return joinBench(source.url);
  return Promise.resolve(rigFromConfig(source.settings));
}

export function rigFromConfig(settings: RigSettings): Rig {
  const calibration = calibrationFromConfig(settings.calibration);
  return {
    serialPath: settings.port,
    camera: cameraFromConfig(settings.camera, calibration.camera),
    calibration,
    description: `the rig (${settings.port}, camera ${settings.camera.source}; ${settings.origin})`,
    close: async () => undefined,
  };
}

/** How long a bench that is there but slow may take to describe itself. */
const BENCH_ANSWER_MS = 30_000;

export async function joinBench(url: string): Promise<Rig> {
  let description: { serial: string; camera: string; calibration: unknown; device: string };
  const started = Date.now();
  for (;;) {
    try {
      const response = await fetch(new URL('/bench', url), { signal: AbortSignal.timeout(5000) });
      description = (await response.json()) as typeof description;
      break;
    } catch (error) {
      // A bench that is there but slow to answer (its process busy drawing and photographing, on
      // a loaded machine) is asked again for up to BENCH_ANSWER_MS; nothing listening fails at once.
      const slow = (error as Error).name === 'TimeoutError';
      if (slow && Date.now() - started < BENCH_ANSWER_MS) continue;
      throw new Error(
        `no virtual bench answers at ${url} (${(error as Error).message}${slow ? `, asked for ${Math.round((Date.now() - started) / 1000)} s` : ''}): start one with \`benchhand sim\` and pass the address it prints`,
      );
    }
  }
  const parsed = parseCalibration(description.calibration);
  if (!parsed.ok) throw new Error(`the bench at ${url} sent an unusable calibration: ${parsed.problems.join('; ')}`);
  return {
    serialPath: description.serial,
    camera: cameraFromConfig({ source: description.camera }),
    calibration: parsed.calibration,
    description: `virtual bench ${url} (${description.device})`,
    deviceFile: description.device,
    close: async () => undefined,
  };
}

/** Starts a virtual bench in this process, served exactly as `benchhand sim` serves one. */
export async function startBench(
  deviceFile: string,
  options: { recordDir?: string; seed?: number } = {},
): Promise<Rig> {
  const bench = await VirtualBench.startAny({ deviceFile, recordDir: options.recordDir, seed: options.seed });
  const server = await BenchServer.start(bench);
  const joined = await joinBench(server.url).catch(async (error: unknown) => {
    await server.close();
    await bench.stop();
    throw error;
  });
  return {
    ...joined,
    description: `virtual bench started for this run (${deviceFile})`,
    close: async () => {
      await server.close();
      await bench.stop();
    },
  };
}

/** The device file a task names: an absolute path as it is, a relative one beside the task file. */
export function deviceFileForTask(taskFile: string, device: string | undefined): string {
  if (!device)
    throw new Error(`${taskFile} names no device: give --sim DEVICE_FILE, or add "device: NAME.yaml" to the task`);
  const candidate = resolve(dirname(taskFile), device);
  if (!existsSync(candidate)) throw new Error(`${taskFile} names device ${device}, but ${candidate} does not exist`);
  return candidate;
}

/** A camera from its source string alone (calibrate, doctor): the config's camera factory, no locks. */
export function cameraFromSource(source: string): CameraPort {
  if (cameraKind(source) === undefined)
    throw new Error(
      `camera source "${source}" is not one of rpicam, v4l2:/dev/videoN, replay:PATH or an http:// camera address`,
    );
  return cameraFromConfig({ source });
}
