// Where the device screen is in the camera picture: the four screen corners (camera pixels,
// clockwise from the device's top-left) and the device resolution give a homography both ways.
import { applyHomography, homographyFromPoints, invertHomography, type Homography, type Point } from './homography.js';

export interface Size {
  width: number;
  height: number;
}

export interface ScreenCalibration {
  deviceSize: Size;
  /** Device (0,0), (W,0), (W,H), (0,H) in camera pixels. */
  screenCorners: Point[];
}

export interface ScreenMapping {
  deviceToCamera: Homography;
  cameraToDevice: Homography;
  toDevice(point: Point): Point;
  toCamera(point: Point): Point;
}

export function deviceRectangle(size: Size): Point[] {
  return [
    { x: 0, y: 0 },
    { x: size.width, y: 0 },
    { x: size.width, y: size.height },
    { x: 0, y: size.height },
  ];
}

export function screenMapping(calibration: ScreenCalibration): ScreenMapping {
  if (calibration.screenCorners.length !== 4)
    throw new Error(`a screen calibration needs 4 corners; got ${calibration.screenCorners.length}`);
  const deviceToCamera = homographyFromPoints(deviceRectangle(calibration.deviceSize), calibration.screenCorners);
  const cameraToDevice = invertHomography(deviceToCamera);
  return {
    deviceToCamera,
    cameraToDevice,
    toDevice: (point) => applyHomography(cameraToDevice, point),
    toCamera: (point) => applyHomography(deviceToCamera, point),
  };
}

/** Largest distance between matching corners: how far one calibration is from another. */
export function cornerError(a: Point[], b: Point[]): number {
  return Math.max(...a.map((p, i) => Math.hypot(p.x - b[i]!.x, p.y - b[i]!.y)));
}

/** The screen's size in the camera picture: mean lengths of its top/bottom and left/right edges. */
export function screenSizeInCamera(corners: Point[]): Size {
  const d = (i: number, j: number) => Math.hypot(corners[i]!.x - corners[j]!.x, corners[i]!.y - corners[j]!.y);
  return { width: (d(0, 1) + d(3, 2)) / 2, height: (d(1, 2) + d(0, 3)) / 2 };
}
