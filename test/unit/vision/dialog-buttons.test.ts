// A dialog's text-only buttons (Material's capitals on its last rows) become buttons from layout;
// a dialog's text above them, a capitalised line above its middle and the same labels outside a
// dialog stay text.
import { describe, expect, it } from 'vitest';
import { buildElements } from '../../../src/core/vision/build-elements.js';
import type { OcrLine } from '../../../src/core/vision/ocr-line.js';

/** A line of words at x, y, 30 px per character, 40 px high. */
function line(text: string, x: number, y: number): OcrLine {
  let at = x;
  const words = text.split(' ').map((word) => {
    const box = { x: at, y, width: word.length * 30, height: 40 };
    at += box.width + 20;
    return { text: word, box, confidence: 0.9 };
  });
  return { text, confidence: 0.9, words, box: { x, y, width: at - 20 - x, height: 40 } };
}

const size = { width: 1080, height: 2400 };
const dialog = { kind: 'dialog' as const, box: { x: 75, y: 700, width: 930, height: 800 } };
const kinds = (lines: OcrLine[], regions = [dialog]) =>
  Object.fromEntries(buildElements(size, lines, { regions }).elements.map((e) => [e.text, e.kind]));

describe('text buttons of a dialog (dialog-buttons.ts)', () => {
  it('makes the last row of capitals buttons, and stacked rows of them above it', () => {
    expect(
      kinds([
        line('Thanks for trying', 120, 760),
        line('Please rate us on the store', 120, 900),
        line("THANKS, I'LL DO THAT!", 420, 1300),
        line("IT DIDN'T WORK!", 560, 1400),
      ]),
    ).toEqual({
      'Thanks for trying': 'text',
      'Please rate us on the store': 'text',
      "THANKS, I'LL DO THAT!": 'button',
      "IT DIDN'T WORK!": 'button',
    });
  });

  it('takes side-by-side labels on one row, and stops at a row that is not all labels', () => {
    const found = kinds([
      line('Delete the file', 120, 760),
      line('NOTE: IT CANNOT BE UNDONE', 120, 1200),
      line('Are you sure', 120, 1300),
      line('CANCEL', 600, 1400),
      line('OK', 880, 1400),
    ]);
    expect([found.CANCEL, found.OK, found['Are you sure'], found['NOTE: IT CANNOT BE UNDONE']]).toEqual([
      'button',
      'button',
      'text',
      'text',
    ]);
  });

  it('leaves capitals above the middle of the dialog and outside any dialog as text', () => {
    expect(kinds([line('Title', 120, 760), line('WARNING', 120, 900)])).toMatchObject({ WARNING: 'text' });
    expect(kinds([line('Some text', 120, 1000), line('CANCEL', 600, 1400)], [])).toMatchObject({ CANCEL: 'text' });
  });
});
