// A TYPE cut off by a crash (kill -9 while the MCU was typing): the journal has the intent and no
// outcome, and the field may hold the start of the text. Recovery reads the fresh picture for it:
// a text new since the action was planned that is the typed text's first k characters (through
// OCR confusions, a caret at its end left out) means k are in the field, so only the rest is typed,
// and the whole text is what the verify then looks for. Only a text the journal holds can be
// compared: a secret's intent expects nothing (it is never read), so it never comes here. Pure.
import type { Observation } from '../ports/observer.js';
import { caretReadings, foldConfusions } from '../vision/ocr-confusions.js';

/** How many of `typed`'s characters the fresh screen shows typed (1 .. length-1), or undefined. */
export function typedPrefixLength(typed: string, observation: Observation, screenBefore: string): number | undefined {
  const norm = (text: string) => foldConfusions(text).replace(/\s+/g, ' ').trim();
  let best: number | undefined;
  for (const element of newTexts(observation, screenBefore)) {
    for (const reading of caretReadings(element.text)) {
      const shown = norm(reading);
      if (!shown) continue;
      const counts: number[] = [];
      for (let k = 1; k < typed.length; k++) if (norm(typed.slice(0, k)) === shown) counts.push(k);
      // "correct" may be 7 characters typed or 8 (a space the field does not show): a guess would
      // leave a doubled or a missing space, so nothing is guessed.
      if (counts.length === 1 && (best === undefined || counts[0]! > best)) best = counts[0];
    }
  }
  return best;
}

/** The app's texts (bars and field labels left out) that were not on the screen the action was planned on. */
export function newTexts(observation: Observation, screenBefore: string) {
  const before = new Set(screenBefore.split('\n').map((line) => line.trim()));
  const bars = new Set(
    observation.screen.regions.filter((r) => r.kind === 'status_bar' || r.kind === 'navigation_bar').map((r) => r.id),
  );
  return observation.screen.elements.filter(
    (e) => e.kind !== 'field' && !bars.has(e.region) && !before.has(e.text.trim()),
  );
}
