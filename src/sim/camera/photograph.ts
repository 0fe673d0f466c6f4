// One camera exposure of a device frame, as a pure function: the same PNG, options and seed
// always give the same JPEG. Returns the true screen corners in camera pixels beside it.
import sharp from 'sharp';
import { placeScreen, type CameraOptions } from './camera-options.js';
import { applyHomography, homographyFromPoints, invertHomography, type Homography, type Point } from './homography.js';
import { applyOptics } from './optics.js';
import { addLowLightNoise } from './low-light-noise.js';
import { applyPictureFaults, distortPoint } from './picture-faults.js';
import { warpScreen, type RawImage } from '../../core/vision/warp.js';

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
  /** prepareMs and warpMs are 0 when the projection was reused (see ProjectionMemo). */
  timings: { prepareMs: number; warpMs: number; opticsMs: number; encodeMs: number };
}

export interface ExposureAdjustments {
  exposureFactor?: number;
  extraBlurSigma?: number;
  /** The motion streak's length as a share of the options' (a shake dying down: virtual-camera.ts); 1 when absent. */
  motionBlurScale?: number;
}

/**
 * The last projection a camera made (the screen resized, blurred and warped into the picture),
 * kept so that an unchanged screen is not projected again: light, noise and JPEG are per frame,
 * the projection is not. A picture counts as unchanged when it is the same object (a virtual
 * device hands out the same PNG while its drawing is the same) under the same options and blur,
 * so the bytes are exactly those a fresh projection would give.
 */
export interface ProjectionMemo {
  last?: Projection;
}

interface Projection {
  png: ScreenPicture['png'];
  options: CameraOptions;
  sigma: number;
  /** The warped picture before light and noise; never written to once made. */
  raw: RawImage;
  corners: Point[];
  deviceToCamera: Homography;
  prepareMs: number;
  warpMs: number;
}

export async function photograph(
  screen: ScreenPicture,
  options: CameraOptions,
  seed: number,
  adjust: ExposureAdjustments = {},
  memo: ProjectionMemo = {},
): Promise<Photograph> {
  const sigma = Math.hypot(options.blurSigma, adjust.extraBlurSigma ?? 0) * 1.15;
  const kept = memo.last;
  const reused = kept !== undefined && kept.png === screen.png && kept.options === options && kept.sigma === sigma;
  const projection = reused ? kept : await project(screen, options, sigma);
  memo.last = projection;
  const started = performance.now();
  const scale = adjust.motionBlurScale ?? 1;
  // The streak is per frame, the projection is not: the options the projection was made with stay the memo's key.
  const frameOptions =
    scale === 1
      ? options
      : { ...options, motionBlur: { ...options.motionBlur, length: options.motionBlur.length * scale } };
  const faulty = applyPictureFaults(projection.raw, frameOptions, seed, {
    deviceToCamera: projection.deviceToCamera,
    screen,
  });
  const lit = addLowLightNoise(
    applyOptics(faulty, options, seed, options.exposure * (adjust.exposureFactor ?? 1)),
    options.lowLightGain,
    seed,
  );
  const litAt = performance.now();
  const jpeg = await sharp(lit.data, { raw: { width: options.width, height: options.height, channels: 3 } })
    // Standard Huffman tables, as a camera's hardware encoder writes them: the same pixels decoded
    // (optimised tables are lossless), in half the time (15 against 32 ms a frame, measured).
    .jpeg({ quality: options.jpegQuality, chromaSubsampling: '4:2:0', optimiseCoding: false })
    .toBuffer();
  return {
    jpeg,
    width: options.width,
    height: options.height,
    screenCorners: cornersSeen(projection.corners, options),
    deviceToCamera: projection.deviceToCamera,
    timings: {
      prepareMs: reused ? 0 : projection.prepareMs,
      warpMs: reused ? 0 : projection.warpMs,
      opticsMs: litAt - started,
      encodeMs: performance.now() - litAt,
    },
  };
}

/** The screen resized, blurred and warped into the camera picture, before light and noise. */
async function project(screen: ScreenPicture, options: CameraOptions, sigma: number): Promise<Projection> {
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
  return {
    png: screen.png,
    options,
    sigma,
    raw,
    corners,
    deviceToCamera,
    prepareMs: prepared - started,
    warpMs: performance.now() - prepared,
  };
}

/**
 * Where a screen of this size lies in this camera's pictures (device corners (0,0), (W,0), (W,H),
 * (0,H) in camera pixels): what a calibrated rig knows before it takes a frame.
 */
export function screenCornersInPicture(options: CameraOptions, screen: { width: number; height: number }): Point[] {
  return cornersSeen(placeScreen(options, screen), options);
}

/** Through a distorting lens the rig sees (and calibrates on) the corners where the lens puts them. */
function cornersSeen(corners: Point[], options: CameraOptions): Point[] {
  return options.lensDistortion ? corners.map((p) => distortPoint(p, options)) : corners;
}

export function deviceToCameraPoint(photo: Pick<Photograph, 'deviceToCamera'>, point: Point): Point {
  return applyHomography(photo.deviceToCamera, point);
}

function edgeLength(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
