// The phone's system bars hold icons, and tesseract reads icons as letters: the Wi-Fi fan and the
// battery next to the clock come out as "WV", "V", "(mm)", "@m)"; Back / Home / Recents in the
// navigation bar as "O", "Oo", "0" (on the widened corpus these were 93 of the 119 rows or words
// read where nothing is written: scripts/vision/error-classes.ts). A word read there is dropped
// when it cannot be the bar's text: in the status bar, a word without a digit (the clock and the
// battery level always have one; the bar is never evidence, build-elements.ts), unless it labels
// the number after it (Pointer location's "X: 270.0", drawn over the status bar: a letter and a
// colon, which no icon was read as on either corpus); in the navigation bar, a word of at most
// two letters or digits, or one read with doubt (the line detector boxes the Home circle alone,
// and its stack read it "roy" at 56 %: settings-wifi-roboto on the widened corpus). The bars are
// the screen model's own regions.
import { NAVIGATION_BAR_SHARE, STATUS_BAR_SHARE } from '../../core/vision/build-elements.js';
import type { Size } from '../../core/vision/calibration.js';
import { keepWords, type OcrLine } from '../../core/vision/ocr-line.js';

/** A word in the navigation bar is text only when read at least this sure (0..1). */
const SURE_IN_NAVIGATION_BAR = 0.7;

export function withoutBarIcons(lines: OcrLine[], deviceSize: Size): OcrLine[] {
  const statusBottom = deviceSize.height * STATUS_BAR_SHARE,
    navigationTop = deviceSize.height * (1 - NAVIGATION_BAR_SHARE);
  return keepWords(lines, (word, i, line) => {
    const centre = word.box.y + word.box.height / 2;
    if (centre < statusBottom) return /\p{N}/u.test(word.text) || labelsANumber(word, line.words[i + 1]);
    if (centre > navigationTop)
      return word.text.replace(/[^\p{L}\p{N}]/gu, '').length > 2 && word.confidence >= SURE_IN_NAVIGATION_BAR;
    return true;
  });
}

/** "X:" before "270.0": a word ending in a colon, followed on its line by a word with a digit. */
function labelsANumber(word: OcrLine['words'][number], next: OcrLine['words'][number] | undefined): boolean {
  return /\p{L}:$/u.test(word.text) && next !== undefined && /\p{N}/u.test(next.text);
}
