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

/** Each output pixel is a device point; its colour is the camera's there (nearest pixel: a crop for a person). */
export function sampleUpright(
  rgb: Buffer,
  cameraWidth: number,
  cameraHeight: number,
  toCamera: (p: { x: number; y: number }) => { x: number; y: number },
  window: Window,
): Buffer {
  const out = Buffer.alloc(window.width * window.height * 3);
  for (let v = 0; v < window.height; v++) {
    for (let u = 0; u < window.width; u++) {
      const seen = toCamera({ x: window.left + (u + 0.5) / window.scale, y: window.top + (v + 0.5) / window.scale });
      const x = Math.round(seen.x),
        y = Math.round(seen.y);
      if (x < 0 || y < 0 || x >= cameraWidth || y >= cameraHeight) continue;
      rgb.copy(out, (v * window.width + u) * 3, (y * cameraWidth + x) * 3, (y * cameraWidth + x) * 3 + 3);
    }
  }
  return out;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(Math.max(value, low), high);
}
