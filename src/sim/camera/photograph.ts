// One camera exposure of a device frame, as a pure function: the same PNG, options and seed
// always give the same JPEG. Returns the true screen corners in camera pixels beside it.
import sharp from 'sharp';
import { placeScreen, type CameraOptions } from './camera-options.js';
import { applyHomography, homographyFromPoints, invertHomography, type Homography, type Point } from './homography.js';
import { applyOptics } from './optics.js';
import { warpScreen } from '../../core/vision/warp.js';

export interface ScreenPicture {
  png: Buffer | Uint8Array;
  width: number;
  height: number;
}

export interface Photograph {
  jpeg: Buffer;
  width: number;
  height: number;
  /** Device corners (0,0), (W,0), (W,H), (0,H) in camera pixels. */
  screenCorners: Point[];
  /** Device pixel -> camera pixel. */
  deviceToCamera: Homography;
  timings: { prepareMs: number; warpMs: number; opticsMs: number; encodeMs: number };
}

export interface ExposureAdjustments {
  exposureFactor?: number;
  extraBlurSigma?: number;
}

export async function photograph(
  screen: ScreenPicture,
  options: CameraOptions,
  seed: number,
  adjust: ExposureAdjustments = {},
): Promise<Photograph> {
  const started = performance.now();
  const corners = placeScreen(options, screen);
  const deviceRect = [
    { x: 0, y: 0 },
    { x: screen.width, y: 0 },
    { x: screen.width, y: screen.height },
    { x: 0, y: screen.height },
  ];
  const deviceToCamera = homographyFromPoints(deviceRect, corners);
  // Shrink the screen to about its size in the picture first: sharp's resampling filters
  // properly (no aliasing of thin text), and the per-pixel warp then samples a small image.
  const scale =
    Math.min(
      1,
      edgeLength(corners[0]!, corners[1]!) / screen.width,
      edgeLength(corners[1]!, corners[2]!) / screen.height,
    ) * 1.15;
  const scaledWidth = Math.max(2, Math.round(screen.width * scale));
  const scaledHeight = Math.max(2, Math.round(screen.height * scale));
  const sigma = Math.hypot(options.blurSigma, adjust.extraBlurSigma ?? 0) * 1.15;
  let pipeline = sharp(screen.png).removeAlpha().resize(scaledWidth, scaledHeight, { fit: 'fill' });
  if (sigma >= 0.3) pipeline = pipeline.blur(sigma);
  const { data } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const prepared = performance.now();
  // Camera pixel -> device pixel -> scaled screen pixel.
  const cameraToDevice = invertHomography(deviceToCamera);
  const sx = scaledWidth / screen.width,
    sy = scaledHeight / screen.height;
  const cameraToScreen = cameraToDevice.map((v, i) => (i < 3 ? v * sx : i < 6 ? v * sy : v)) as Homography;
  const raw = warpScreen({ data, width: scaledWidth, height: scaledHeight }, options.width, options.height, {
    cameraToScreen,
    bezel: options.bezel * Math.min(scaledWidth, scaledHeight),
    bezelColor: [16, 16, 18],
    bench: options.bench,
  });
  const warped = performance.now();
  applyOptics(raw, options, seed, options.exposure * (adjust.exposureFactor ?? 1));
  const lit = performance.now();
  const jpeg = await sharp(raw.data, { raw: { width: options.width, height: options.height, channels: 3 } })
    .jpeg({ quality: options.jpegQuality, chromaSubsampling: '4:2:0' })
    .toBuffer();
  const encoded = performance.now();
  return {
    jpeg,
    width: options.width,
    height: options.height,
    screenCorners: corners,
    deviceToCamera,
    timings: {
      prepareMs: prepared - started,
      warpMs: warped - prepared,
      opticsMs: lit - warped,
      encodeMs: encoded - lit,
    },
  };
}

export function deviceToCameraPoint(photo: Pick<Photograph, 'deviceToCamera'>, point: Point): Point {
  return applyHomography(photo.deviceToCamera, point);
}

function edgeLength(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
