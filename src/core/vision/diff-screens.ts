// What changed between two screen models: lines that appeared, disappeared, or changed text in
// the same place. Lines are matched by text first (similarity >= 0.85), then by position. Pure.
import type { OcrLine, ScreenModel } from './screen-model.js';
import { similarity } from './text-distance.js';

export interface ScreenDiff {
  same: boolean;
  appeared: OcrLine[];
  disappeared: OcrLine[];
  changed: { before: OcrLine; after: OcrLine }[];
}

export function diffScreens(before: ScreenModel, after: ScreenModel): ScreenDiff {
  const left = [...before.lines], right = [...after.lines];
  takePairs(left, right, (a, b) => similarity(a.text, b.text) >= 0.85);
  const changed = takePairs(left, right, (a, b) => verticalOverlap(a, b) > 0.5).map(([b, a]) => ({ before: b, after: a }));
  return { same: left.length + right.length + changed.length === 0, appeared: right, disappeared: left, changed };
}

/** Removes matched pairs from both lists (each line pairs once) and returns them. */
function takePairs(left: OcrLine[], right: OcrLine[], match: (a: OcrLine, b: OcrLine) => boolean): [OcrLine, OcrLine][] {
  const pairs: [OcrLine, OcrLine][] = [];
  for (let i = 0; i < left.length;) {
    const j = right.findIndex((line) => match(left[i]!, line));
    if (j < 0) { i++; continue; }
    pairs.push([left[i]!, right[j]!]);
    left.splice(i, 1);
    right.splice(j, 1);
  }
  return pairs;
}

function verticalOverlap(a: OcrLine, b: OcrLine): number {
  const top = Math.max(a.box.y, b.box.y), bottom = Math.min(a.box.y + a.box.height, b.box.y + b.box.height);
  return Math.max(0, bottom - top) / Math.min(a.box.height, b.box.height);
}
