// Is the device showing the screen an action in doubt was planned on? By pixels when both looks
// have a content fingerprint of the same kind (the app's content area, bars left out, against the
// camera's noise floor): OCR of the same screen differs from frame to frame on a busy machine, and
// a short screen's text is mostly status icons, so text alone once took an unchanged screen for
// another and stopped a resume that could have gone on. A toast showing on the first look is left
// out (it fades by itself while the agent is down). By text otherwise (old journals, fakes).
// Pure.
import type { Observation } from '../ports/observer.js';
import { comparable, compareContent, DEFAULT_NOISE_FLOOR } from '../vision/compare-content.js';
import { unpackFingerprint, type PackedFingerprint } from '../vision/packed-fingerprint.js';
import { screenText } from '../vision/screen-model.js';
import { similarity } from '../vision/text-distance.js';

const SAME_TEXT = 0.8;

export interface SameScreenVerdict {
  same: boolean;
  /** How it was judged, for the decision's reasons. */
  how: string;
}

export function sameScreen(before: { text: string; content?: PackedFingerprint }, now: Observation): SameScreenVerdict {
  const then = before.content ? unpackFingerprint(before.content) : undefined;
  if (then && now.content && comparable(then, now.content)) {
    const change = compareContent(then, now.content, DEFAULT_NOISE_FLOOR, before.content?.passing);
    const share = `${Math.round(change.fraction * 1000) / 10} % of the content area changed`;
    return {
      same: !change.changed,
      how: `by pixels: ${change.changed ? share : 'no content cell moved past the camera noise'}`,
    };
  }
  const alike = screenSimilarity(before.text, screenText(now.screen));
  return {
    same: alike >= SAME_TEXT,
    how: `by text (no comparable picture): ${Math.round(alike * 100)} % of lines alike`,
  };
}

/** How alike two screens' texts are: the share of lines of each found in the other. */
export function screenSimilarity(a: string, b: string): number {
  const left = a
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const right = b
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  if (!left.length && !right.length) return 1;
  const found = (lines: string[], other: string[]) =>
    lines.filter((line) => other.some((o) => similarity(line, o) >= 0.85)).length;
  return (found(left, right) + found(right, left)) / (left.length + right.length);
}
