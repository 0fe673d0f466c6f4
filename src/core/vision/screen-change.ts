// Did the screen change between two looks? The pixels of the content area decide when both
// looks carry a content fingerprint (a toggle flipping changes no text; OCR reading a word two
// ways changes no pixel); without fingerprints, the content's elements decide. Either way the
// answer says what appeared and went. A toast of the first look fading is no change: a tap that did
// nothing while an earlier toast went away did nothing. Pure.
import { compareContent, DEFAULT_NOISE_FLOOR, passingRegions, type ContentChange } from './compare-content.js';
import { contentDiff, describeDiff, type ContentDiff } from './content-diff.js';
import type { ContentFingerprint } from './content-fingerprint.js';
import type { Point } from './homography.js';
import { rereadsAwayFromTap } from './reread-lines.js';
import type { ScreenModel } from './screen-model.js';

export interface Look {
  screen: ScreenModel;
  content?: ContentFingerprint;
}

export interface ScreenChange {
  changed: boolean;
  /** Elements that appeared and went (the bars left out). */
  diff: ContentDiff;
  /** The pixel comparison, when both looks had a fingerprint of the same kind. */
  pixels?: ContentChange;
  /** In words: "appeared: ...; gone: ..." or where the pixels changed. */
  summary: string;
  /** Lines read again slightly differently away from the tap, and nothing else changed: no change (reread-lines.ts). */
  rereads?: string[];
}

/**
 * `tap`: where the action landed, when it was a tap or a long press. A change that is only lines
 * read a little differently away from it is no change of the tap's (reread-lines.ts).
 */
export function screenChange(before: Look, after: Look, tap?: Point): ScreenChange {
  const diff = contentDiff(before.screen, after.screen);
  const pixels =
    before.content && after.content && before.content.evidence === after.content.evidence
      ? compareContent(before.content, after.content, DEFAULT_NOISE_FLOOR, passingRegions(before.screen))
      : undefined;
  const rereads =
    tap && (pixels ? pixels.changed : !diff.same) ? rereadsAwayFromTap(before.screen, diff, pixels, tap) : undefined;
  if (rereads)
    return {
      changed: false,
      diff,
      ...(pixels ? { pixels } : {}),
      summary: `nothing (read again: ${rereads.join(', ')})`,
      rereads,
    };
  const changed = pixels ? pixels.changed : !diff.same;
  const words = describeDiff(diff);
  const where =
    pixels?.changed && pixels.boxes[0]
      ? `${Math.round(pixels.fraction * 100)} % of the content, around ${Math.round(pixels.boxes[0].x)},${Math.round(pixels.boxes[0].y)}`
      : '';
  const summary = changed
    ? [diff.same ? '' : words, where].filter(Boolean).join('; ') || 'the pixels changed'
    : 'nothing';
  return { changed, diff, ...(pixels ? { pixels } : {}), summary };
}
