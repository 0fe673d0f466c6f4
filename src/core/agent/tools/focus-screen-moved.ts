// A field tapped a while ago is focused only on the screen it was tapped on. A long hold (an
// e-stop, a pause) can outlast the phone's idle lock, or another app may take the screen: the
// lock screen covers no field with a dialog, so the "nothing covering it" rule alone would let
// typing go on into a screen that shows no field at all (on a locked phone the first key only wakes
// it, so the rest lands one character short). Judged on the texts shown right after the tap: most
// of them must still be on the screen (typing changes the field, not the page). Pure.
import type { Observation } from '../../ports/observer.js';
import { sameText } from '../../vision/ocr-confusions.js';

const BARS = new Set(['status_bar', 'navigation_bar', 'keyboard']);

/** Texts of the page itself (the phone's bars and keyboard left out). */
function pageTexts(look: Observation): string[] {
  const bars = new Set(look.screen.regions.filter((r) => BARS.has(r.kind)).map((r) => r.id));
  return look.screen.elements.filter((e) => !bars.has(e.region) && e.text.trim() !== '').map((e) => e.text);
}

/** A sentence saying the screen moved on since the tap, or undefined when it is the same page. */
export function screenMovedSinceTap(tappedOn: Observation, now: Observation): string | undefined {
  const before = pageTexts(tappedOn);
  if (before.length < 3) return undefined; // too little to judge by
  const current = pageTexts(now);
  const gone = before.filter((text) => !current.some((seen) => sameText(text, seen)));
  if (gone.length * 2 <= before.length) return undefined;
  const shows =
    current
      .slice(0, 3)
      .map((text) => `"${text}"`)
      .join(', ') || 'nothing readable';
  return `the screen is not the one the field was tapped on (${gone.length} of its ${before.length} texts are gone; it shows ${shows}), so the field is not known to be focused; tap the field again`;
}
