// A drawing (SVG, device pixels) photographed by the virtual camera's default rig and rectified
// as the reader prepares a camera frame: the pictures the layout detectors take, for the tests
// that measure what the camera does to a control (its uneven light, clipped white, blur, noise,
// the bezel's bleed at the screen's edge).
import sharp from 'sharp';
import { prepareCameraFrame } from '../../src/adapters/observer-camera/preprocess.js';
import type { Upright } from '../../src/core/vision/contrast.js';
import { detectLayout } from '../../src/core/vision/detect-layout.js';
import type { GrayImage } from '../../src/core/vision/gray-image.js';
import type { LayoutHints } from '../../src/core/vision/screen-elements.js';
import { photograph } from '../../src/sim/camera/photograph.js';
import { resolveCameraOptions } from '../../src/sim/camera/camera-options.js';

export interface PhotographedDrawing {
  deviceSize: { width: number; height: number };
  rectified: GrayImage;
  upright?: Upright;
  /** The layout hints of the rectified picture, as the reader detects them. */
  layout: LayoutHints;
  /** The drawing's own pixels, gray, before the camera (where its texts' ink is). */
  drawn: Uint8Array;
}

export async function photographDrawing(svg: string, width: number, height: number, seed: number) {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const photo = await photograph({ png, width, height }, resolveCameraOptions({}), seed);
  const deviceSize = { width, height };
  const prepared = await prepareCameraFrame(photo.jpeg, { deviceSize, screenCorners: photo.screenCorners });
  const upright = prepared.upright && { image: prepared.upright, inverted: prepared.inverted };
  const drawn = new Uint8Array(await sharp(png).greyscale().raw().toBuffer());
  return {
    deviceSize,
    rectified: prepared.rectified,
    ...(upright ? { upright } : {}),
    layout: detectLayout(prepared.rectified, deviceSize, upright),
    drawn,
  } satisfies PhotographedDrawing;
}
