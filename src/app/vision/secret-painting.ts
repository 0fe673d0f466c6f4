// Stage 3 of the observer pipeline (app/bench/observer-pipeline.ts): a secret task input (a
// password) that shows on the screen in plain text is masked in the screen's text
// (core/agent/redact-secrets.ts) and painted over in the camera picture, before the look reaches
// anything that keeps or sends it: the report's frames, the MQTT snapshot, the approval crop, a
// vision model, the loop's records. This is the one place a look's secrets are hidden. A look with
// no secret on it passes through untouched (no re-encoding).
import { paintOverPicture } from '../../adapters/picture/pictures.js';
import { redactObservation } from '../../core/agent/redact-secrets.js';
import type { CameraFrame } from '../../core/ports/camera.js';
import type { Observation } from '../../core/ports/observer.js';
import { screenMapping, type ScreenCalibration } from '../../core/vision/calibration.js';
import type { Box } from '../../core/vision/screen-model.js';
import type { LookStage } from '../bench/look-stage.js';

/** Without a calibration a picture cannot be painted, so a look that showed a secret goes on without its picture. */
export function secretPainting(secrets: readonly string[], calibration?: ScreenCalibration): LookStage {
  const toCamera = calibration ? screenMapping(calibration).toCamera : undefined;
  return {
    name: 'secrets',
    pass: async (seen) => {
      const masked = redactObservation(seen, secrets);
      const boxes = maskedBoxes(seen, masked);
      if (!boxes.length || !seen.frame) return masked;
      if (!toCamera) return withoutPicture(masked);
      return { ...masked, frame: await paintOver(seen.frame, boxes, toCamera) };
    },
  };
}

function withoutPicture(look: Observation): Observation {
  const { frame: _dropped, ...rest } = look;
  return rest;
}

/** The boxes (device pixels) of the words the text masking changed, or of their whole line. */
export function maskedBoxes(before: Observation, after: Observation): Box[] {
  return before.screen.lines.flatMap((line, index) => {
    const masked = after.screen.lines[index]!;
    if (masked.text === line.text) return [];
    const words = line.words.filter((word, i) => masked.words[i]?.text !== word.text).map((word) => word.box);
    return words.length ? words : [line.box];
  });
}

/** Each box becomes a solid quadrilateral in the camera picture (a little larger: OCR boxes are tight). */
async function paintOver(
  frame: CameraFrame,
  boxes: Box[],
  toCamera: (p: { x: number; y: number }) => { x: number; y: number },
): Promise<CameraFrame> {
  const polygons = boxes.map((box) => {
    const pad = Math.max(6, box.height * 0.3);
    const corners = [
      { x: box.x - pad, y: box.y - pad },
      { x: box.x + box.width + pad, y: box.y - pad },
      { x: box.x + box.width + pad, y: box.y + box.height + pad },
      { x: box.x - pad, y: box.y + box.height + pad },
    ].map(toCamera);
    return `<polygon points="${corners.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}" fill="#202020"/>`;
  });
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${frame.width}" height="${frame.height}">${polygons.join('')}</svg>`,
  );
  const image = await paintOverPicture(frame.image, svg, frame.format);
  return { ...frame, image: new Uint8Array(image) };
}
