// Puts a picture in front of the person asked to approve: the camera frame the action was planned
// on, cut upright around the element the tap would hit (with room to see its neighbours) and the tap
// point marked, as a small JPEG. The full frame never leaves this wrapper: adapters (terminal,
// MQTT, the web console) see the crop only. A frame that cannot be cut still gets the question.
import { decodePixels, encodeJpeg } from '../../adapters/picture/pictures.js';
import type { ApprovalAnswer, ApprovalPicture, ApprovalPort, ApprovalRequest } from '../../core/ports/approval.js';
import { screenMapping, type ScreenCalibration } from '../../core/vision/calibration.js';

/** Widest crop sent, in pixels: enough to read a button's label on a phone, small on the wire. */
const CROP_WIDTH = 360;

export function withApprovalPicture(
  port: ApprovalPort,
  calibration: ScreenCalibration,
  say: (line: string) => void = () => undefined,
): ApprovalPort {
  return {
    async ask(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalAnswer> {
      const { frame, ...rest } = request;
      const picture = frame
        ? await approvalPicture(request, calibration).catch((error: Error) => {
            say(`approval ${request.id}: no picture (${error.message})`);
            return undefined;
          })
        : undefined;
      return port.ask({ ...rest, ...(picture ? { picture } : {}) }, signal);
    },
  };
}

/**
 * The crop around the element (or the tap point), cut from the camera picture upright in device
 * coordinates (the camera may see the phone sideways or at an angle), in colour, the tap ringed.
 */
export async function approvalPicture(
  request: ApprovalRequest,
  calibration: ScreenCalibration,
): Promise<ApprovalPicture | undefined> {
  const frame = request.frame;
  const point = request.context?.point;
  if (!frame || !point) return undefined;
  const around = request.context?.element?.box ?? { x: point.x - 60, y: point.y - 60, width: 120, height: 120 };
  // Half the element's size again on each side, and at least a finger's width (80 device px).
  const padX = Math.max(80, around.width / 2),
    padY = Math.max(80, around.height / 2);
  const { width: deviceWidth, height: deviceHeight } = calibration.deviceSize;
  const left = clamp(around.x - padX, 0, deviceWidth - 1),
    top = clamp(around.y - padY, 0, deviceHeight - 1);
  const right = clamp(around.x + around.width + padX, left + 1, deviceWidth),
    bottom = clamp(around.y + around.height + padY, top + 1, deviceHeight);
  const scale = Math.min(1, CROP_WIDTH / (right - left));
  const width = Math.max(1, Math.round((right - left) * scale)),
    height = Math.max(1, Math.round((bottom - top) * scale));
  const camera = await decodePixels(frame.image);
  const pixels = sampleUpright(camera.data, camera.width, camera.height, screenMapping(calibration).toCamera, {
    left,
    top,
    scale,
    width,
    height,
  });
  // A small ring: it marks the point without hiding the label under it.
  const ring = { x: (point.x - left) * scale, y: (point.y - top) * scale, r: 9 };
  const marker = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${ring.x.toFixed(1)}" cy="${ring.y.toFixed(1)}" r="${ring.r.toFixed(1)}" fill="none" stroke="#ff2d55" stroke-width="2.5" stroke-opacity="0.85"/></svg>`,
  );
  const image = await encodeJpeg(pixels, { width, height }, 70, marker);
  return { format: 'jpeg', base64: image.toString('base64'), width, height };
}

export interface Window {
  left: number;
  top: number;
  scale: number;
  width: number;
  height: number;
}

/** Output pixels between two exact mappings of a row (a straight line's picture under the camera's homography). */
const EXACT_EVERY = 8;

/**
 * Each output pixel is a device point; its colour is the camera's there (nearest pixel: a crop for a
 * person). The mapping is exact every EXACT_EVERY pixels of a row and linear between: across 8 output
 * pixels a screen's perspective bends the line by far less than a camera pixel, and one mapping per
 * pixel made this the larger part of the run video's and the live view's cost.
 */
export function sampleUpright(
  rgb: Buffer,
  cameraWidth: number,
  cameraHeight: number,
  toCamera: (p: { x: number; y: number }) => { x: number; y: number },
  window: Window,
): Buffer {
  const out = Buffer.alloc(window.width * window.height * 3);
  const xs = new Float64Array(window.width + EXACT_EVERY);
  const ys = new Float64Array(window.width + EXACT_EVERY);
  for (let v = 0; v < window.height; v++) {
    const deviceY = window.top + (v + 0.5) / window.scale;
    const mapped = (u: number) => toCamera({ x: window.left + (u + 0.5) / window.scale, y: deviceY });
    // Each segment's end is the next one's start: mapped once.
    let to = mapped(0);
    for (let u = 0; u < window.width; u += EXACT_EVERY) {
      const last = Math.min(u + EXACT_EVERY, window.width - 1);
      const from = to;
      to = mapped(last);
      const span = Math.max(1, last - u);
      for (let k = u; k <= last; k++) {
        const t = (k - u) / span;
        xs[k] = from.x + (to.x - from.x) * t;
        ys[k] = from.y + (to.y - from.y) * t;
      }
    }
    let at = v * window.width * 3;
    for (let u = 0; u < window.width; u++, at += 3) {
      const x = Math.round(xs[u]!),
        y = Math.round(ys[u]!);
      if (x < 0 || y < 0 || x >= cameraWidth || y >= cameraHeight) continue;
      const source = (y * cameraWidth + x) * 3;
      out[at] = rgb[source]!;
      out[at + 1] = rgb[source + 1]!;
      out[at + 2] = rgb[source + 2]!;
    }
  }
  return out;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
