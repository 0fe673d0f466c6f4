// Where the agent's hardware is: a virtual bench started for this run (--sim), a running one
// (--bench URL), or the real rig (built from the config: src/config/rig-from-config.ts). Each gives
// a serial path, a camera and a calibration.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HttpCamera } from '../../adapters/camera/http-camera.js';
import { cameraFromConfig } from '../bench/camera-from-config.js';
import { cameraKind } from '../../config/camera-section.js';
import type { CameraPort } from '../../core/ports/camera.js';
import { parseCalibration, type CalibrationBlock } from '../../core/vision/calibration-schema.js';
import { BenchServer } from '../../sim/bench/bench-server.js';
import { VirtualBench } from '../../sim/bench/virtual-bench.js';

export interface BenchConnection {
  serialPath: string;
  camera: CameraPort;
  calibration: CalibrationBlock;
  description: string;
  close(): Promise<void>;
}

export async function joinBench(url: string): Promise<BenchConnection> {
  let description: { serial: string; camera: string; calibration: unknown; device: string };
  try {
    const response = await fetch(new URL('/bench', url), { signal: AbortSignal.timeout(5000) });
    description = (await response.json()) as typeof description;
  } catch (error) {
    throw new Error(`no virtual bench answers at ${url} (${(error as Error).message}): start one with \`benchhand sim\` and pass the address it prints`);
  }
  const parsed = parseCalibration(description.calibration);
  if (!parsed.ok) throw new Error(`the bench at ${url} sent an unusable calibration: ${parsed.problems.join('; ')}`);
  return {
    serialPath: description.serial,
    camera: new HttpCamera(description.camera),
    calibration: parsed.calibration,
    description: `virtual bench ${url} (${description.device})`,
    close: async () => undefined,
  };
}

/** Starts a virtual bench in this process, served exactly as `benchhand sim` serves one. */
export async function startBench(deviceFile: string, options: { recordDir?: string; seed?: number } = {}): Promise<BenchConnection> {
  const bench = await VirtualBench.start({ deviceFile, recordDir: options.recordDir, seed: options.seed });
  const server = await BenchServer.start(bench);
  const joined = await joinBench(server.url);
  return {
    ...joined,
    description: `virtual bench started for this run (${deviceFile})`,
    close: async () => {
      await server.close();
      await bench.stop();
    },
  };
}

/** The device file a task names, looked up beside the task file. */
export function deviceFileForTask(taskFile: string, device: string | undefined): string {
  if (!device) throw new Error(`${taskFile} names no device: give --sim DEVICE_FILE, or add "device: NAME.yaml" to the task`);
  const candidate = join(dirname(taskFile), device);
  if (!existsSync(candidate)) throw new Error(`${taskFile} names device ${device}, but ${candidate} does not exist`);
  return candidate;
}

/** A camera from its source string alone (calibrate, doctor): the config's camera factory, no locks. */
export function cameraFromSource(source: string): CameraPort {
  if (cameraKind(source) === undefined) throw new Error(`camera source "${source}" is not one of rpicam, v4l2:/dev/videoN, replay:PATH or an http:// camera address`);
  return cameraFromConfig({ source });
}
