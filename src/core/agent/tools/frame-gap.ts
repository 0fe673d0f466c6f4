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

/**
 * How much longer a wait goes on while a heads-up notification covers the screen: Android lets one
 * stay about 5 s (its heads-up decay) and a new one restarts that; past this the wait is judged anyway.
 */
export const BANNER_GRACE_MS = 8000;

/**
 * `waitIsOver`, except that a good picture past the limit with a notification or banner that came
 * unasked does not end the wait: its copy of a message is not the message in the app, and it may
 * cover the very line waited for. The wait goes on (up to BANNER_GRACE_MS more) for it to leave, so
 * the step is judged on the app's own screen.
 */
export function waitIsOverPastBanners(
  picture: { at: number; quality: { ok: boolean }; screen: { regions: readonly { kind: string; unasked: boolean }[] } },
  since: number,
  now: number,
  limitMs: number,
  /** The task lets the step swipe the notification away: the wait ends at its limit, and the step swipes. */
  swipeAllowed = false,
): boolean {
  if (!waitIsOver(picture, since, now, limitMs)) return false;
  if (swipeAllowed) return true;
  const banner = picture.quality.ok && picture.screen.regions.some((r) => r.kind === 'banner' && r.unasked);
  return !banner || waitIsOver(picture, since, now, limitMs + BANNER_GRACE_MS);
}
