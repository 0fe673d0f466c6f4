// Rasterises a view with sharp (librsvg) into a PNG at the device's resolution and returns it
// with the ground truth: every text run drawn and every tap target, in device pixels.
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

export async function renderView(
  view: View,
  width: number,
  height: number,
  t: number,
  screen: string,
): Promise<DeviceFrame> {
  const svg = viewToSvg(view, width, height);
  // Low compression: the frame goes straight to the camera model, not to disk.
  const png = await sharp(Buffer.from(svg)).flatten({ background: '#000000' }).png({ compressionLevel: 1 }).toBuffer();
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
