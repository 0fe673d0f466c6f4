// The steps of `benchhand calibrate`, without the talking: find the screen in a frame, fit or
// load the actuator map, measure the residuals, and assemble the calibration block.
import { readFileSync } from 'node:fs';
import type { CameraFrame, CameraSettings } from '../../core/ports/camera.js';
import type { SettingsScore } from '../../core/vision/camera-settings.js';
import { fitAffine, identityAffine, type Affine, type PointPair } from '../../core/vision/affine.js';
import { screenMapping, screenSizeInCamera, type Size } from '../../core/vision/calibration.js';
import { parseCalibration, type CalibrationBlock } from '../../core/vision/calibration-schema.js';
import type { Point } from '../../core/vision/homography.js';
import { decodeGray } from '../../adapters/observer-camera/decode.js';
import { detectScreenCorners, type CornerDetection } from '../../core/vision/corner-detect.js';

export async function findScreen(frame: CameraFrame, deviceSize: Size, rotationDeg: number): Promise<CornerDetection> {
  return detectScreenCorners(await decodeGray(frame.image), { deviceSize, rotationDeg });
}

export interface ActuatorMap {
  affine: Affine;
  source: 'identity' | 'file' | 'taps';
  rmsResidualPx?: number;
  maxResidualPx?: number;
}

/** `identity`, or a JSON file of at least 3 {device: {x, y}, actuator: {x, y}} pairs (taps at known points). */
export function loadActuatorMap(spec: string): ActuatorMap {
  if (spec === 'identity') return { affine: [...identityAffine] as Affine, source: 'identity' };
  const pairs = JSON.parse(readFileSync(spec, 'utf8')) as PointPair[];
  if (!Array.isArray(pairs))
    throw new Error(`--actuator-map ${spec} must hold a JSON array of {device: {x, y}, actuator: {x, y}} pairs`);
  const fit = fitAffine(pairs);
  return { affine: fit.affine, source: 'file', rmsResidualPx: fit.rmsResidual, maxResidualPx: fit.maxResidual };
}

/** Camera px -> device px at the screen's centre (how much one camera pixel is on the device). */
export function devicePxPerCameraPx(corners: Point[], deviceSize: Size): number {
  const size = screenSizeInCamera(corners);
  return (deviceSize.width / size.width + deviceSize.height / size.height) / 2;
}

/** Largest distance, in device px, between where two corner sets put points of a 5x5 grid. */
export function mappingDifferencePx(a: Point[], b: Point[], deviceSize: Size): number {
  const ma = screenMapping({ deviceSize, screenCorners: a }),
    mb = screenMapping({ deviceSize, screenCorners: b });
  let worst = 0;
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      const p = { x: (deviceSize.width * i) / 4, y: (deviceSize.height * j) / 4 };
      const q = mb.toDevice(ma.toCamera(p));
      worst = Math.max(worst, Math.hypot(q.x - p.x, q.y - p.y));
    }
  }
  return worst;
}

export function calibrationBlock(input: {
  deviceSize: Size;
  frame: CameraFrame;
  corners: Point[];
  actuator: ActuatorMap;
  cameraResidualPx: number;
  /** The camera settings chosen by measurement (choose-camera-settings.ts), with their score. */
  camera?: CalibrationBlock['camera'];
}): CalibrationBlock {
  const block = {
    version: 1 as const,
    deviceSize: input.deviceSize,
    cameraSize: { width: input.frame.width, height: input.frame.height },
    screenCorners: input.corners.map(({ x, y }) => ({ x: round(x), y: round(y) })),
    actuator: {
      affine: input.actuator.affine.map((v) => round(v, 6)),
      source: input.actuator.source,
      ...(input.actuator.rmsResidualPx !== undefined ? { rmsResidualPx: round(input.actuator.rmsResidualPx) } : {}),
    },
    ...(input.camera ? { camera: input.camera } : {}),
    cameraResidualPx: round(input.cameraResidualPx),
    measuredAt: new Date().toISOString(),
  };
  const parsed = parseCalibration(block);
  if (!parsed.ok) throw new Error(`internal: the calibration does not fit its schema: ${parsed.problems.join('; ')}`);
  return parsed.calibration;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));

/** The calibration's camera block: the chosen settings and their score, rounded for the file. */
export function cameraBlock(settings: CameraSettings, score: SettingsScore): NonNullable<CalibrationBlock['camera']> {
  return {
    ...settings,
    awbGains: [...settings.awbGains],
    contrast: round(score.contrast, 4),
    sharpness: round(score.sharpness, 4),
    clipped: round(score.clipped, 4),
    score: round(score.score, 4),
  };
}
