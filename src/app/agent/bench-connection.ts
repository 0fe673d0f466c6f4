// Where the agent's hardware is: a virtual bench started for this run (--sim), a running one
// (--bench URL), or the real rig (--port, --camera, --calibration). Each gives a serial path, a
// camera and a calibration.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HttpCamera } from '../../adapters/camera-http/http-camera.js';
import { ReplayCamera } from '../../adapters/camera-replay/replay-camera.js';
import { rpicamCamera } from '../../adapters/camera-rpicam/rpicam-camera.js';
import { v4l2Camera } from '../../adapters/camera-v4l2/v4l2-camera.js';
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

/**
 * The real rig: the MCU's serial path, a camera source and a calibration file written by
 * `benchhand calibrate`. Camera sources: `rpicam` (the Pi camera), `v4l2:/dev/videoN` (a USB
 * camera through ffmpeg), `replay:PATH` (a folder or file of pictures).
 */
export async function rigConnection(serialPath: string, cameraSource: string, calibrationFile: string): Promise<BenchConnection> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(calibrationFile, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the calibration ${calibrationFile}: ${(error as Error).message}; make one with \`benchhand calibrate --out ${calibrationFile}\``);
  }
  const parsed = parseCalibration(raw);
  if (!parsed.ok) throw new Error(`${calibrationFile}: ${parsed.problems.join('; ')}`);
  return { serialPath, camera: cameraFromSource(cameraSource), calibration: parsed.calibration, description: `the rig (${serialPath}, camera ${cameraSource})`, close: async () => undefined };
}

export function cameraFromSource(source: string): CameraPort {
  if (source === 'rpicam') return rpicamCamera();
  if (source.startsWith('v4l2:')) return v4l2Camera({ device: source.slice(5) || '/dev/video0' });
  if (source.startsWith('replay:')) return new ReplayCamera(source.slice(7), { loop: true });
  if (/^https?:\/\//.test(source)) return new HttpCamera(source);
  throw new Error(`camera source "${source}" is not one of rpicam, v4l2:/dev/videoN, replay:PATH or an http:// camera address`);
}
