/** A breath between looks while waiting for an effect; the camera's frame interval sets the real pace. */
export const FRAME_GAP_MS = 40;
