// Rasterises a view with sharp (librsvg) into a PNG at the device's resolution and returns it
// with the ground truth: every text run drawn and every tap target, in device pixels. A drawing
// that did not change since the last frame is not rasterised again (lastDrawingRasterizer).
import sharp from 'sharp';
import { viewToSvg } from './svg.js';
import { reachableTargets, textRuns, type Box, type View } from './view.js';

export interface DeviceFrame {
  png: Buffer;
  width: number;
  height: number;
  /** Device time of the picture. */
  t: number;
  screen: string;
  texts: { text: string; box: Box }[];
  targets: { role: string; label: string; box: Box }[];
}

export type Rasterizer = (svg: string) => Promise<Buffer>;

export async function renderView(
  view: View,
  width: number,
  height: number,
  t: number,
  screen: string,
  rasterize: Rasterizer = rasterizeSvg,
): Promise<DeviceFrame> {
  const png = await rasterize(viewToSvg(view, width, height));
  return {
    png,
    width,
    height,
    t,
    screen,
    texts: textRuns(view).map((run) => ({ text: run.text, box: run.box })),
    targets: reachableTargets(view).map((target) => ({ role: target.role, label: target.label, box: target.box })),
  };
}

export function rasterizeSvg(svg: string): Promise<Buffer> {
  // Low compression: the frame goes straight to the camera model, not to disk.
  return sharp(Buffer.from(svg)).flatten({ background: '#000000' }).png({ compressionLevel: 1 }).toBuffer();
}

/**
 * A rasterizer that remembers its last drawing: the same SVG gives the same PNG object, without
 * drawing it again (most frames of a watched screen show what the last one did), and the camera
 * knows that picture too (photograph.ts's ProjectionMemo). A failed drawing is not remembered.
 */
export function lastDrawingRasterizer(): Rasterizer {
  let last: { svg: string; png: Promise<Buffer> } | undefined;
  return (svg) => {
    if (last?.svg === svg) return last.png;
    const drawing = { svg, png: rasterizeSvg(svg) };
    last = drawing;
    drawing.png.catch(() => {
      if (last === drawing) last = undefined;
    });
    return drawing.png;
  };
}
