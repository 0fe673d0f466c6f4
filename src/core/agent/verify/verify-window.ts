// What the screen did over a whole verify window, not only at its end: an action whose expected
// effect did not show may still have had an effect — a toast, snackbar or banner that came and went
// while the verify looked. Any change of the content on a good picture during the window is an
// effect and forbids a retry; a retry needs the screen provably unchanged: every look a good
// picture, none changed, no stretch without a look long enough for a toast to come and go
// unseen, and at least one picture since the action read whole (a band read carries unchanged
// rows over from older pictures on its content fingerprint, which can miss a one-digit change:
// "1 item" becoming "2 items" after a tap whose expected text did not show). Pure.
import type { Observation } from '../../ports/observer.js';
import type { Point } from '../../vision/homography.js';
import { readBefore } from '../../vision/ocr-line.js';
import { screenChange } from '../../vision/screen-change.js';

/**
 * The longest stretch (ms) between two good looks (or the action and the first one) that still
 * proves nothing came and went: shorter than the shortest toast (Android's LENGTH_SHORT, 2 s), so a
 * toast shows on at least one picture. A busy machine that reads pictures further apart cannot prove it.
 */
export const MAX_UNSEEN_MS = 1900;

export interface WindowVerdict {
  /** The first change seen on a good picture, in words ("appeared: ..."), and when after the action. */
  change?: { summary: string; afterMs: number };
  /** Why the window cannot prove the screen unchanged (set only when no change was seen). */
  unproven?: string;
}

export class VerifyWindow {
  private change?: { summary: string; afterMs: number };
  private lastGoodAt: number;
  private longestGapMs = 0;
  private poor = 0;
  /** A good look since the action whose every line was read from a picture taken since the action. */
  private readWholeSince = false;

  constructor(
    private readonly before: Observation,
    private readonly actedAt: number,
    /** Where a tap or long press landed: a line read again away from it is no change (reread-lines.ts). */
    private readonly tap?: Point,
  ) {
    this.lastGoodAt = actedAt;
  }

  /** Takes in one look of the window (in the order they were taken). */
  see(look: Observation): void {
    if (!look.quality.ok) {
      this.poor++;
      return;
    }
    this.longestGapMs = Math.max(this.longestGapMs, look.at - this.lastGoodAt);
    this.lastGoodAt = Math.max(this.lastGoodAt, look.at);
    if (!readBefore(look.screen.lines, this.actedAt)) this.readWholeSince = true;
    if (this.change) return;
    const change = screenChange(this.before, look, this.tap);
    if (change.changed) this.change = { summary: change.summary, afterMs: Math.round(look.at - this.actedAt) };
  }

  verdict(): WindowVerdict {
    if (this.change) return { change: this.change };
    if (!this.before.quality.ok) return { unproven: 'the picture the action was planned on was poor' };
    if (this.poor)
      return {
        unproven: `${this.poor} picture${this.poor === 1 ? ' was' : 's were'} poor (what they showed is unknown)`,
      };
    if (this.longestGapMs > MAX_UNSEEN_MS)
      return {
        unproven: `${Math.round(this.longestGapMs)} ms went by without a good picture (a toast could have come and gone unseen)`,
      };
    if (!this.readWholeSince) return { unproven: NOT_READ_WHOLE };
    return {};
  }
}

/** Why a window whose pictures were all partly carried over proves nothing: verify reads one more picture whole. */
export const NOT_READ_WHOLE =
  'no picture since the action was read whole (rows were carried over from earlier pictures on their fingerprint)';

/** Nothing changed on any picture of the window, and the pictures prove it: a retry on the same screen is safe. */
export const provenUnchanged = (verdict: WindowVerdict): boolean => !verdict.change && !verdict.unproven;

/** The sentence an unmet verification ends with: what the window saw, and whether a retry is safe. */
export function describeWindow(verdict: WindowVerdict): string {
  if (verdict.change)
    return ` The screen changed ${verdict.change.afterMs} ms after the action (${verdict.change.summary}): the action had an effect, so it must not be repeated.`;
  if (verdict.unproven)
    return ` The screen cannot be shown unchanged (${verdict.unproven}): the action may have had an effect, so do not repeat it blindly.`;
  return ' The screen looked as it did before the action on every picture of the verify window.';
}
