// Tesseract reads the multiplication sign as the letter x: "1 x €29.00" for "1 × €29.00" (16 rows
// of the widened corpus, every shop frame). A lone lower-case "x" set between a number and a
// number or amount is the sign: phone UI text has no lone letter x between two numbers, while
// quantities ("2 × €6.50") and sizes ("1920 × 1080") are common. Pure.

const NUMBER_BEFORE = /\d$/u;
/** A number, perhaps after a currency sign or a bracket ("€29.00", "$5", "(3"). */
const NUMBER_AFTER = /^[^\s\p{L}\p{N}]{0,2}\d/u;

/** The word as it should read: "×" for a lone "x" between numbers, else the word itself. */
export function timesSignOf(previous: string | undefined, word: string, next: string | undefined): string {
  return word === 'x' &&
    previous !== undefined &&
    next !== undefined &&
    NUMBER_BEFORE.test(previous) &&
    NUMBER_AFTER.test(next)
    ? '×'
    : word;
}
