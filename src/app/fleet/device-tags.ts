// The device a bench holds, as the fleet's tags: its resolution from the calibration (device
// pixels), and on a virtual bench its model (the device file's name) and os "virtual". A real rig's
// model and os come from the service's --tags (the camera cannot tell a Pixel 7 from a Pixel 8).
import { basename } from 'node:path';
import type { Tags } from '../../core/fleet/tags.js';
import type { Rig } from '../bench/rig.js';

export function deviceTags(rig: Pick<Rig, 'calibration' | 'deviceFile'>): Tags {
  const { width, height } = rig.calibration.deviceSize;
  const tags: Tags = { resolution: `${width}x${height}` };
  if (rig.deviceFile) {
    tags.model = basename(rig.deviceFile)
      .replace(/\.ya?ml$/i, '')
      .replace(/[^A-Za-z0-9._-]/g, '-');
    tags.os = 'virtual';
  }
  return tags;
}
