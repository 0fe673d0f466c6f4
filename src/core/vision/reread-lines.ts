// A line read again is not a tap's effect. OCR reads the same line a little differently from one
// frame to the next (a unit, a punctuation mark, a space), and a tap that missed must not be taken
// for one that worked because of it: the step would refuse the retry that was safe. An effect is a
// change a tap can cause — near where it landed, a new screen, a dialog, a toast; so a change counts
// as a re-read only when ALL of it is lines that read almost as before, in the same place, away from
// the tap, and the pixels that changed (if the looks carry fingerprints) lie on those lines, away
// from the tap too. Anything else stays a change: taking a real effect for "no change" would risk a
// second tap where the first one worked. Pure.
import type { ContentChange } from './compare-content.js';
import type { ContentDiff } from './content-diff.js';
import { foldConfusions } from './ocr-confusions.js';
import type { Point } from './homography.js';
import type { ScreenElement } from './screen-elements.js';
import type { Box, ScreenModel } from './screen-model.js';
import { editDistance } from './text-distance.js';

/** A phone is about 360 dp wide (content-fingerprint.ts). */
const DP_PER_WIDTH = 360;
/** How far (dp) a re-read line's edges may move between two reads: its box jitters by a pixel or two. */
const SAME_PLACE_DP = 4;
/**
 * How far (dp) from the tap a change must be to be a re-read: a touch target is 48 dp (Material), and
 * what a tap does to its own control (a ripple, a check mark, a caret, a label that turns) is within it.
 */
const AWAY_FROM_TAP_DP = 48;
/** Letters a re-read may change beside a number (a unit: "km" / "kn"): at most two, and a fifth of the line. */
const MAX_LETTER_EDITS = 2;
const MAX_EDIT_SHARE = 0.2;

/**
 * The change between two looks as re-read lines ("12 km" -> "12 km."), when the whole change is
 * that and lies away from `tap`; undefined when any part of it could be the tap's effect.
 */
export function rereadsAwayFromTap(
  before: ScreenModel,
  diff: ContentDiff,
  pixels: ContentChange | undefined,
  tap: Point,
): string[] | undefined {
  if (diff.same || diff.appeared.length !== diff.gone.length) return undefined;
  const dp = before.deviceSize.width / DP_PER_WIDTH;
  const away = (box: Box) => distanceToBox(tap, box) > AWAY_FROM_TAP_DP * dp;
  const unpaired = [...diff.gone];
  const pairs: [ScreenElement, ScreenElement][] = [];
  for (const now of diff.appeared) {
    const index = unpaired.findIndex(
      (was) => was.kind === now.kind && nearlySameText(was.text, now.text) && samePlace(was.box, now.box, dp),
    );
    if (index < 0) return undefined;
    const was = unpaired.splice(index, 1)[0]!;
    if (!away(was.box) || !away(now.box)) return undefined;
    pairs.push([was, now]);
  }
  // Pixels that changed anywhere but on those lines (a toggle, an icon, a ripple) are an effect.
  if (pixels?.changed) {
    const lines = pairs.flatMap(([was, now]) => [grow(was.box, 8 * dp), grow(now.box, 8 * dp)]);
    if (!pixels.boxes.every((box) => away(box) && lines.some((line) => inside(box, line)))) return undefined;
  }
  return pairs.map(([was, now]) => `"${was.text.slice(0, 60)}" read as "${now.text.slice(0, 60)}"`);
}

/**
 * The same letters and digits with only punctuation, symbols or spaces different; or the same digits
 * with a unit's letter or two different. A digit that changed is never a re-read: it is a counter.
 */
export function nearlySameText(a: string, b: string): boolean {
  const letters = (text: string) => foldConfusions(text).replace(/[^\p{L}\p{N}]/gu, '');
  const x = letters(a),
    y = letters(b);
  if (!x.length || !y.length) return false;
  if (x === y) return true;
  const digits = (text: string) => text.replace(/\D/g, '');
  if (!digits(a).length || digits(a) !== digits(b)) return false;
  const edits = editDistance(x, y);
  return edits <= MAX_LETTER_EDITS && edits <= MAX_EDIT_SHARE * Math.max(x.length, y.length);
}

/** Top and bottom where they were; one side too, the other moved by at most the glyphs added or dropped. */
function samePlace(a: Box, b: Box, dp: number): boolean {
  const near = (u: number, v: number, slack = 0) => Math.abs(u - v) <= SAME_PLACE_DP * dp + slack;
  const glyphs = Math.max(a.height, b.height) * MAX_LETTER_EDITS;
  const left = near(a.x, b.x),
    right = near(a.x + a.width, b.x + b.width);
  return (
    near(a.y, b.y) &&
    near(a.y + a.height, b.y + b.height) &&
    ((left && near(a.x + a.width, b.x + b.width, glyphs)) || (right && near(a.x, b.x, glyphs)))
  );
}

function distanceToBox(point: Point, box: Box): number {
  const dx = Math.max(box.x - point.x, 0, point.x - (box.x + box.width));
  const dy = Math.max(box.y - point.y, 0, point.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

const grow = (box: Box, by: number): Box => ({
  x: box.x - by,
  y: box.y - by,
  width: box.width + 2 * by,
  height: box.height + 2 * by,
});

/** `a` lies wholly inside `b`. */
const inside = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
