// The content fingerprint of a camera frame, fast: the JPEG decoded to raw RGB (sharp's greyscale
// step is slower than the decode itself: measured), the screen warped upright into gray at about
// half its size in the picture (the cells are means, so resolution hardly matters), then the 8 dp
// cell means and the 4 dp ones of the detail layer (one changed digit of small text). Cheap
// enough to run on every frame before deciding whether OCR is needed at all.
import sharp from 'sharp';
import { screenSizeInCamera, type ScreenCalibration } from '../../core/vision/calibration.js';
import {
  fingerprintRows,
  fingerprintWithDetail,
  type ContentFingerprint,
} from '../../core/vision/content-fingerprint.js';
import type { GrayImage } from '../../core/vision/gray-image.js';
import { homographyFromPoints } from '../../core/vision/homography.js';
import { warpGray, type PackedImage } from '../../core/vision/warp-gray.js';
import { debandRows } from '../../core/vision/deband-rows.js';
import { decodeGray } from './decode.js';

/** Output scale relative to the screen's size in the camera picture. */
const SCALE = 0.5;

export async function decodeRaw(image: Uint8Array): Promise<PackedImage> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}

/**
 * The screen warped upright into gray at `width` pixels wide (device aspect ratio kept); with
 * `onlyContent`, only the rows the content fingerprint reads (the bars stay black).
 */
export function rectifyGray(
  camera: PackedImage,
  calibration: ScreenCalibration,
  width: number,
  onlyContent = false,
): GrayImage {
  const height = Math.round((width * calibration.deviceSize.height) / calibration.deviceSize.width);
  const outToCamera = homographyFromPoints(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    calibration.screenCorners,
  );
  const rows = onlyContent ? fingerprintRows(calibration.deviceSize, height) : { from: 0, to: height };
  return warpGray(camera, width, height, outToCamera, rows);
}

/**
 * The frame's print and its decoded picture, a PWM-dimmed display's rolling-shutter bands divided
 * out first when the picture shows them (core/vision/deband-rows.ts; a clean frame is left as it
 * is): the read and the print both see the screen's content, not the flicker's phase this frame.
 */
export async function fingerprintCameraFrame(
  image: Uint8Array,
  calibration: ScreenCalibration,
  deband = true,
): Promise<{ print: ContentFingerprint; camera: PackedImage }> {
  const decoded = await decodeRaw(image);
  const camera = deband ? debandRows(decoded, calibration.screenCorners).image : decoded;
  const width = Math.max(90, Math.round(screenSizeInCamera(calibration.screenCorners).width * SCALE));
  return {
    print: fingerprintWithDetail(rectifyGray(camera, calibration, width, true), calibration.deviceSize),
    camera,
  };
}

/**
 * A device screenshot (PNG), sampled at a quarter of its size; its pixels come back for the read,
 * decoded straight to the gray the read starts from (sharp's greyscale): one sharp call instead of
 * a decode to colours and a second call to make them gray. The print is taken from that gray, not
 * from the colours' BT.601 luma as a camera frame's is (on coloured pixels the two grays differ:
 * the virtual phone's accent #1A73E8 is 119 here, 102 in luma). A screenshot's print is only
 * compared with other screenshots' prints: screenshots are read by `benchhand ocr` and the
 * benchmarks; a run reads camera frames, so no print saved in a step record is a screenshot's.
 */
export async function fingerprintScreenshot(
  image: Uint8Array,
): Promise<{ print: ContentFingerprint; gray: GrayImage }> {
  const gray = await decodeGray(image);
  return { print: fingerprintDecodedScreenshot(gray), gray };
}

function fingerprintDecodedScreenshot(gray: GrayImage): ContentFingerprint {
  const size = { width: gray.width, height: gray.height };
  const corners = [
    { x: 0, y: 0 },
    { x: gray.width, y: 0 },
    { x: gray.width, y: gray.height },
    { x: 0, y: gray.height },
  ];
  return fingerprintWithDetail(
    rectifyGray(
      { ...gray, channels: 1 },
      { deviceSize: size, screenCorners: corners },
      Math.max(90, Math.round(gray.width / 4)),
      true,
    ),
    size,
  );
}
