// A drawing (SVG, device pixels) photographed by the virtual camera's default rig and rectified
// as the reader prepares a camera frame: the pictures the layout detectors take, for the tests
// that measure what the camera does to a control (its uneven light, clipped white, blur, noise,
// the bezel's bleed at the screen's edge).
import sharp from 'sharp';
import { prepareCameraFrame } from '../../src/adapters/observer-camera/preprocess.js';
import type { Upright } from '../../src/core/vision/contrast.js';
import { detectLayout } from '../../src/core/vision/detect-layout.js';
import type { GrayImage } from '../../src/core/vision/gray-image.js';
import type { OcrLine } from '../../src/core/vision/ocr-line.js';
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

/** A rectangle of the drawing, device pixels (x0, y0 inclusive; x1, y1 exclusive). */
export interface Area {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * A text's line as the reader gives it: the box of its glyphs' ink (gray under `inkBelow`) inside
 * `area` of the drawing's own pixels (`drawn`, `width` pixels a row).
 */
export function drawnLine(text: string, drawn: Uint8Array, width: number, area: Area, inkBelow = 128): OcrLine {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = 0,
    y1 = 0;
  for (let y = area.y0; y < area.y1; y++)
    for (let x = area.x0; x < area.x1; x++)
      if (drawn[y * width + x]! < inkBelow) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
  const box = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  return { text, box, confidence: 0.9, words: [{ text, box, confidence: 0.9 }] };
}
