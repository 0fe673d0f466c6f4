// The bench's view for the web console (TOPICS.md, BenchView): the whole screen cut upright from
// the camera frame in device orientation, scaled down to a small JPEG, with the OCR lines the agent
// read and the last tap, so a person sees what the agent saw and where it touched.
import type { BenchView, LastTap } from '../../adapters/mqtt/bench-view.js';
import { trimViewLines } from '../../adapters/mqtt/bench-view.js';
import { decodePixels, encodeJpeg } from '../../adapters/picture/pictures.js';
import type { Observation } from '../../core/ports/observer.js';
import { screenMapping, type ScreenCalibration } from '../../core/vision/calibration.js';
import { sampleUpright } from './approval-picture.js';

/** Width of the picture sent: a phone screen's text stays readable at about a third of 1080 px; ~15-25 KB. */
export const VIEW_WIDTH = 360;
const VIEW_QUALITY = 60;

/** Undefined when the observation carries no camera frame (a fake observer). */
export async function benchView(
  observation: Observation,
  calibration: ScreenCalibration,
  lastTap: LastTap | null,
  at: string,
  /** Another width (an MCP client's screenshot wants more detail than the console's view). */
  viewWidth = VIEW_WIDTH,
): Promise<BenchView | undefined> {
  const frame = observation.frame;
  if (!frame) return undefined;
  const { width: deviceWidth, height: deviceHeight } = calibration.deviceSize;
  const scale = Math.min(1, viewWidth / deviceWidth);
  const width = Math.max(1, Math.round(deviceWidth * scale)),
    height = Math.max(1, Math.round(deviceHeight * scale));
  const camera = await decodePixels(frame.image);
  const pixels = sampleUpright(camera.data, camera.width, camera.height, screenMapping(calibration).toCamera, {
    left: 0,
    top: 0,
    scale,
    width,
    height,
  });
  const image = await encodeJpeg(pixels, { width, height }, VIEW_QUALITY);
  return {
    at,
    deviceSize: { width: deviceWidth, height: deviceHeight },
    image: { format: 'jpeg', base64: image.toString('base64'), width, height },
    lines: trimViewLines(observation.screen.lines),
    lastTap,
  };
}
