// The screen's corners found in one picture file (`benchhand ocr` without --corners).
import { decodeGray } from '../../adapters/observer-camera/decode.js';
import { detectScreenCorners } from '../../core/vision/corner-detect.js';

export async function findCornersInPicture(
  image: Uint8Array,
  options: Parameters<typeof detectScreenCorners>[1],
): Promise<ReturnType<typeof detectScreenCorners>> {
  return detectScreenCorners(await decodeGray(image), options);
}
