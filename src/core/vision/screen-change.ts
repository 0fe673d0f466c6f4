// Did the screen change between two looks? The pixels of the content area decide when both
// looks carry a content fingerprint (a toggle flipping changes no text; OCR reading a word two
// ways changes no pixel); without fingerprints, the content's elements decide. Either way the
// answer says what appeared and went. A toast of the first look fading is no change: a tap that did
// nothing while an earlier toast went away did nothing. Pure.
import { compareContent, DEFAULT_NOISE_FLOOR, passingRegions, type ContentChange } from './compare-content.js';
import { contentDiff, describeDiff, type ContentDiff } from './content-diff.js';
import type { ContentFingerprint } from './content-fingerprint.js';
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
}

export function screenChange(before: Look, after: Look): ScreenChange {
  const diff = contentDiff(before.screen, after.screen);
  const pixels =
    before.content && after.content && before.content.evidence === after.content.evidence
      ? compareContent(before.content, after.content, DEFAULT_NOISE_FLOOR, passingRegions(before.screen))
      : undefined;
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
