/** A breath between looks while waiting for an effect; the camera's frame interval sets the real pace. */
export const FRAME_GAP_MS = 40;

/** How much longer than the time limit a slow reader may take to bring the picture that settles it. */
export const SLOW_MACHINE_FACTOR = 4;

/**
 * Whether a wait for something to show is over: by the pictures, not by the reading. It is over
 * when a picture taken `limitMs` after the wait began still does not show it; on a busy machine
 * one reading takes seconds, and the first picture after a tap (taken before the app drew its
 * answer) used to be the last one judged. The wall clock still bounds the wait (a camera that
 * stopped delivering).
 */
export function waitIsOver(pictureAt: number, since: number, now: number, limitMs: number): boolean {
  return pictureAt - since >= limitMs || now - since >= SLOW_MACHINE_FACTOR * limitMs;
}
