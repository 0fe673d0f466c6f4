// A dialog's buttons are often text alone, with no shape for the pixels to find: Material's
// "CANCEL" and "OK" in capitals on the dialog's last row, stacked when they are long ("THANKS,
// I'LL DO THAT!" over "IT DIDN'T WORK!"). On the recorded real apps 12 of 43 buttons were these.
// So the text elements of a dialog's bottom rows that read as button labels become buttons,
// inferred from layout (evidence 'layout'): only capitals, a few words, and only rows below the
// dialog's middle, from the last row up while each row is all labels. Pure.
import { centreOf } from './ocr-line.js';
import type { ScreenElement, ScreenRegion } from './screen-elements.js';

/** A button's label: at most this many words and characters. */
const MAX_WORDS = 4;
const MAX_CHARACTERS = 28;

export function markDialogButtons(elements: ScreenElement[], regions: ScreenRegion[]): void {
  for (const dialog of regions.filter((region) => region.kind === 'dialog')) {
    const middle = centreOf(dialog.box).y;
    for (const row of rowsFromBottom(
      elements.filter((element) => element.region === dialog.id && element.kind !== 'title'),
    )) {
      if (!row.every((element) => element.kind === 'text' && isButtonLabel(element.text))) break;
      if (row.some((element) => centreOf(element.box).y < middle)) break;
      for (const element of row) {
        element.kind = 'button';
        element.evidence = 'layout';
      }
    }
  }
}

/** Capitals only (Material's button text), one to four words. */
function isButtonLabel(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length <= MAX_CHARACTERS &&
    trimmed.split(/\s+/).length <= MAX_WORDS &&
    /\p{Lu}/u.test(trimmed) &&
    trimmed === trimmed.toUpperCase()
  );
}

/** The elements in rows (centres within half a line of each other), the lowest row first. */
function rowsFromBottom(elements: ScreenElement[]): ScreenElement[][] {
  const centre = (element: ScreenElement) => centreOf(element.box).y;
  const sorted = [...elements].sort((a, b) => centre(b) - centre(a));
  const rows: ScreenElement[][] = [];
  for (const element of sorted) {
    const row = rows.at(-1);
    const line = element.textBox.height;
    if (row && Math.abs(centre(row[0]!) - centre(element)) <= line / 2) row.push(element);
    else rows.push([element]);
  }
  return rows;
}
