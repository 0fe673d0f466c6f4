// Turns a camera picture into what OCR reads: the screen cut out and warped upright (with the
// calibration's corners), gray, dark screens inverted, flat-fielded and stretched, at a width
// in the range where text survives (540..1080 px). Clean screenshots skip the warp.
import type { ScreenCalibration, Size } from '../../core/vision/calibration.js';
import { screenSizeInCamera } from '../../core/vision/calibration.js';
import { clearBorder, flatField, turnUpright } from '../../core/vision/contrast.js';
import { frameStats } from '../../core/vision/frame-stats.js';
import { needsSharpening, UNSHARP_SIGMA, unsharpMask } from '../../core/vision/unsharp.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import type { PackedImage } from '../../core/vision/warp-gray.js';
import { decodeGray, gaussianBlur, resized } from './decode.js';
import { decodeRaw, rectifyGray } from './fingerprint-frame.js';

export interface PreprocessOptions {
  /** Output width; default: the screen's width in the camera picture, held within 540..1080. */
  width?: number;
  /** Flat-field correction (default true: it removes uneven light, vignette and glare). */
  flatField?: boolean;
}

export interface Prepared {
  /** The upright screen, ready for OCR. */
  image: GrayImage;
  /** The upright screen before contrast steps (for the quality measures). */
  rectified: GrayImage;
  inverted: boolean;
  /**
   * `rectified` the way up OCR reads it (inverted when `inverted`), when the whole picture was
   * prepared; kept so the layout and the line reader do not test and invert it again.
   */
  upright?: GrayImage;
  /** A soft camera frame was sharpened before the contrast steps (core/vision/unsharp.ts); `rectified` is not. */
  sharpened?: true;
  /** Multiply prepared-image pixels by these to get device pixels. */
  toDevice: { x: number; y: number };
  timings: { decodeMs: number; warpMs: number; contrastMs: number };
}

/** `decoded`: the same picture already decoded (the fingerprint step does that first), to skip a second decode. */
export async function prepareCameraFrame(
  image: Uint8Array,
  calibration: ScreenCalibration,
  options: PreprocessOptions = {},
  decoded_?: PackedImage,
): Promise<Prepared> {
  const started = performance.now();
  const camera = decoded_ ?? (await decodeRaw(image));
  const decoded = performance.now();
  const size = outputSize(calibration.deviceSize, options.width ?? screenSizeInCamera(calibration.screenCorners).width);
  const rectified = rectifyGray(camera, calibration, size.width);
  const warped = performance.now();
  const sharpened = needsSharpening(rectified, frameStats(rectified))
    ? unsharpMask(rectified, await gaussianBlur(rectified, UNSHARP_SIGMA))
    : undefined;
  const result = await contrastSteps(sharpened ?? rectified, options.flatField ?? true);
  return {
    ...result,
    rectified,
    ...(sharpened ? { sharpened: true as const } : {}),
    toDevice: { x: calibration.deviceSize.width / size.width, y: calibration.deviceSize.height / size.height },
    timings: { decodeMs: decoded - started, warpMs: warped - decoded, contrastMs: performance.now() - warped },
  };
}

/**
 * A screenshot (PNG) made gray (sharp's greyscale) at its working width, no flat-field by default.
 * `gray`: its pixels already decoded gray (the fingerprint decodes them so,
 * fingerprint-frame.ts), so the PNG is not inflated a second time; sharp then only scales it
 * when the working width differs from the screenshot's.
 */
export async function prepareScreenshot(
  image: Uint8Array,
  options: PreprocessOptions = {},
  gray?: GrayImage,
): Promise<Prepared> {
  const started = performance.now();
  const decoded = gray ?? (await decodeGray(image));
  const size = outputSize(decoded, options.width ?? decoded.width);
  const rectified =
    size.width === decoded.width && size.height === decoded.height ? decoded : await resized(decoded, size);
  const grayAt = performance.now();
  const result = await contrastSteps(rectified, options.flatField ?? false);
  return {
    ...result,
    rectified,
    toDevice: { x: decoded.width / size.width, y: decoded.height / size.height },
    timings: { decodeMs: grayAt - started, warpMs: 0, contrastMs: performance.now() - grayAt },
  };
}

function outputSize(device: Size, wanted: number): Size {
  const width = Math.round(Math.min(1080, Math.max(540, wanted)));
  return { width, height: Math.round((width * device.height) / device.width) };
}

/** The flat-field's blur: wide against the text, so only the light's slow changes remain. */
export const blurSigma = (width: number) => Math.max(8, width / 45);
/** The bezel's bleed at the picture's edges, whitened. */
export const borderMargin = (width: number) => Math.ceil(width / 150);

async function contrastSteps(
  rectified: GrayImage,
  useFlatField: boolean,
): Promise<{ image: GrayImage; inverted: boolean; upright: GrayImage }> {
  const { image: upright, inverted } = turnUpright(rectified);
  const margin = borderMargin(upright.width);
  if (!useFlatField) return { image: clearBorder(upright, margin), inverted, upright };
  const background = await gaussianBlur(upright, blurSigma(upright.width));
  return { image: clearBorder(flatField(upright, background), margin), inverted, upright };
}
