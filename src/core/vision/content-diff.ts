// What changed on the app's own part of the screen between two looks: elements that appeared
// and went, compared by their canonical words, with the status and navigation bars left out (a
// clock ticking or an icon misread is not the screen changing). Pure.
import { canonicalWords } from './ocr-confusions.js';
import type { ScreenElement } from './screen-elements.js';
import type { ScreenModel } from './screen-model.js';

export interface ContentDiff {
  same: boolean;
  appeared: ScreenElement[];
  gone: ScreenElement[];
}

const BARS = new Set(['status_bar', 'navigation_bar']);

export function contentElements(model: ScreenModel): ScreenElement[] {
  const bars = new Set(model.regions.filter((r) => BARS.has(r.kind)).map((r) => r.id));
  return model.elements.filter((e) => !bars.has(e.region) && canonicalWords(e.text).length > 0);
}

export function contentDiff(before: ScreenModel, after: ScreenModel): ContentDiff {
  const left = contentElements(before),
    right = contentElements(after);
  const appeared = minus(right, left),
    gone = minus(left, right);
  return { same: appeared.length === 0 && gone.length === 0, appeared, gone };
}

/** A toggle's state is part of what it shows; otherwise an element is its canonical words. */
const key = (e: ScreenElement) =>
  `${e.kind === 'toggle' || e.kind === 'checkbox' ? `${e.state.checked ? 'on' : 'off'}:` : ''}${canonicalWords(e.text).join(' ')}`;

/** The elements of `a` left over once each element of `b` has taken one equal to it (a multiset difference). */
function minus(a: ScreenElement[], b: ScreenElement[]): ScreenElement[] {
  const available = new Map<string, number>();
  for (const e of b) available.set(key(e), (available.get(key(e)) ?? 0) + 1);
  return a.filter((e) => {
    const count = available.get(key(e)) ?? 0;
    if (count > 0) available.set(key(e), count - 1);
    return count === 0;
  });
}

/** A few words on what changed, for messages ("appeared: "Delete account?" dialog; gone: ..."). */
export function describeDiff(diff: ContentDiff, limit = 4): string {
  const list = (elements: ScreenElement[]) =>
    elements
      .slice(0, limit)
      .map((e) => `"${e.text.slice(0, 60)}"`)
      .join(', ') + (elements.length > limit ? ` and ${elements.length - limit} more` : '');
  const parts = [
    diff.appeared.length ? `appeared: ${list(diff.appeared)}` : '',
    diff.gone.length ? `gone: ${list(diff.gone)}` : '',
  ].filter(Boolean);
  return parts.join('; ') || 'nothing';
}
