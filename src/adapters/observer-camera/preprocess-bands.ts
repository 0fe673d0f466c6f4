// A changed screen prepared by bands: the last frame's prepared pictures, with only the rows of
// the bands that changed warped anew from this camera frame and contrast-corrected on their own
// (a strip with a margin of rows around it, so the flat-field's blur sees the same surroundings).
// The rows outside the bands are the last frame's: by the content fingerprint they did not change
// beyond the noise floor. Costs a fraction of a whole warp (the whole warp was the largest part
// of preparing a frame: scripts/vision/profile-observe.ts).
import type { ScreenCalibration } from '../../core/vision/calibration.js';
import { clearBorder, invert } from '../../core/vision/contrast.js';
import { percentileOf, type GrayImage } from '../../core/vision/gray-image.js';
import { homographyFromPoints, type Homography } from '../../core/vision/homography.js';
import { warpGray, type PackedImage } from '../../core/vision/warp-gray.js';
import { gaussianBlur } from './decode.js';
import { blurSigma, borderMargin, type Prepared } from './preprocess.js';

/** `bands`: rows of the prepared picture (not device pixels), sorted, not overlapping. */
export async function prepareCameraBands(
  camera: PackedImage,
  calibration: ScreenCalibration,
  previous: Prepared,
  bands: { y0: number; y1: number }[],
): Promise<Prepared> {
  const started = performance.now();
  const { width, height } = previous.rectified;
  const outToCamera = homographyFromPoints(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    calibration.screenCorners,
  );
  const rectified = copy(previous.rectified),
    image = copy(previous.image);
  const sigma = blurSigma(width),
    margin = Math.ceil(3 * sigma);
  let warpMs = 0;
  for (const band of bands) {
    const y0 = Math.max(0, band.y0 - margin),
      y1 = Math.min(height, band.y1 + margin);
    const warpStarted = performance.now();
    const strip = warpGray(camera, width, y1 - y0, rowsFrom(outToCamera, y0));
    warpMs += performance.now() - warpStarted;
    const upright = previous.inverted ? invert(strip) : strip;
    const contrasted = flatFieldStrip(upright, await gaussianBlur(upright, sigma));
    const from = band.y0 - y0,
      rows = band.y1 - band.y0;
    rectified.data.set(strip.data.subarray(from * width, (from + rows) * width), band.y0 * width);
    image.data.set(contrasted.data.subarray(from * width, (from + rows) * width), band.y0 * width);
  }
  return {
    image: clearBorder(image, borderMargin(width)),
    rectified,
    inverted: previous.inverted,
    toDevice: previous.toDevice,
    timings: { decodeMs: 0, warpMs, contrastMs: performance.now() - started - warpMs },
  };
}

/**
 * The flat-field of preprocess.ts (core/vision/contrast.ts flatField: the picture over its wide
 * blur, the ground at 230, then stretched from the 1st to the 99.5th percentile), with the dark
 * end of the stretch never above half the ground. A whole screen has more than 1 % ink, so its
 * 1st percentile is ink; a strip of a sparse screen may not (the Wi-Fi list's "Previous" and
 * "More" in a band of ground): its 1st percentile was the ground's own noise, and stretching from
 * there turned the ground mid-grey (155 where the whole read has 203) with the noise amplified, and
 * tesseract read nothing in the band the whole read read.
 */
function flatFieldStrip(image: GrayImage, background: GrayImage): GrayImage {
  const ratio = new Uint8Array(image.data.length);
  for (let i = 0; i < ratio.length; i++)
    ratio[i] = Math.min(255, (image.data[i]! * 230) / Math.max(8, background.data[i]!));
  const divided = { ...image, data: ratio };
  const lo = Math.min(percentileOf(divided, 0.01), 115),
    hi = Math.max(lo + 1, percentileOf(divided, 0.995));
  const out = new Uint8Array(ratio.length);
  const scale = 255 / (hi - lo);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, (ratio[i]! - lo) * scale));
  return { ...image, data: out };
}

/** The homography of the warp's rows from y0 on: output (x, y) is the whole warp's (x, y + y0). */
function rowsFrom(h: Homography, y0: number): Homography {
  return [h[0]!, h[1]!, h[1]! * y0 + h[2]!, h[3]!, h[4]!, h[4]! * y0 + h[5]!, h[6]!, h[7]!, h[7]! * y0 + h[8]!];
}

function copy(image: GrayImage): GrayImage {
  return { data: new Uint8Array(image.data), width: image.width, height: image.height };
}
