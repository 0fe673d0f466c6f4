// Writes every camera frame the bench serves together with its ground truth: the clean device
// picture, the text runs and tappable boxes actually drawn (device pixels) and the screen's
// corners in the camera picture. OCR tests, calibration tests and benchmarks read these.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CaptureTruth } from '../camera/virtual-camera.js';
import type { DeviceFrame } from '../device/render.js';

export const RECORDING_FORMAT = 1;

export interface RecordedTruth {
  format: number;
  sequence: number;
  device: string;
  screen: string;
  deviceSize: { width: number; height: number };
  cameraSize: { width: number; height: number };
  /** Device corners (0,0), (W,0), (W,H), (0,H) in camera pixels, clockwise from the top-left of the screen. */
  screenCorners: { x: number; y: number }[];
  texts: DeviceFrame['texts'];
  targets: DeviceFrame['targets'];
  fault?: string;
  files: { camera: string; screen: string };
}

export class FrameRecorder {
  constructor(
    private readonly dir: string,
    private readonly deviceName: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  record(capture: CaptureTruth<DeviceFrame>): RecordedTruth {
    const stem = String(capture.frame.sequence).padStart(5, '0');
    const files = { camera: `${stem}.camera.jpg`, screen: `${stem}.screen.png` };
    writeFileSync(join(this.dir, files.camera), capture.frame.image);
    writeFileSync(join(this.dir, files.screen), capture.screen.png);
    const truth: RecordedTruth = {
      format: RECORDING_FORMAT,
      sequence: capture.frame.sequence,
      device: this.deviceName,
      screen: capture.screen.screen,
      deviceSize: { width: capture.screen.width, height: capture.screen.height },
      cameraSize: { width: capture.frame.width, height: capture.frame.height },
      screenCorners: capture.screenCorners.map(({ x, y }) => ({ x, y })),
      texts: capture.screen.texts,
      targets: capture.screen.targets,
      ...(capture.fault ? { fault: capture.fault } : {}),
      files,
    };
    writeFileSync(join(this.dir, `${stem}.truth.json`), `${JSON.stringify(truth, null, 1)}\n`);
    return truth;
  }
}
