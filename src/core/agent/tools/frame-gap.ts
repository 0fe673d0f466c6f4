/** A breath between looks while waiting for an effect; the camera's frame interval sets the real pace. */
export const FRAME_GAP_MS = 40;

/** How much longer than the time limit a slow reader may take to bring the picture that settles it. */
export const SLOW_MACHINE_FACTOR = 4;

/**
 * Whether a wait for something to show is over: by the pictures, not by the reading. It is over
 * when a good picture taken `limitMs` after the wait began still does not show it; on a busy
 * machine one reading takes seconds, and the first picture after a tap (taken before the app drew
 * its answer) used to be the last one judged. A poor picture (blurred, dark, unreadable) settles
 * nothing: the wait goes on for a good one, so "not shown" is never decided on a picture that could
 * not show it. The wall clock still bounds the wait (a camera that stopped delivering, a lens that
 * stays fogged).
 */
export function waitIsOver(
  picture: { at: number; quality: { ok: boolean } },
  since: number,
  now: number,
  limitMs: number,
): boolean {
  return (picture.quality.ok && picture.at - since >= limitMs) || now - since >= SLOW_MACHINE_FACTOR * limitMs;
}
