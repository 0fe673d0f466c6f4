// The line detector also boxes marks that are no text, and tesseract reads them as a letter or
// two, or as a quote glued to the word beside them. Left out of the lines:
// - A line of at most two letters or digits whose box is shorter than any text a phone draws
//   (6 dp: a 10 sp digit is 7 dp tall): a 5 dp icon beside a label ("Chakras i", "Hello World
//   TT"), a sliver of text cut by the navigation bar ("rf").
// - One or two round glyphs in a box as wide as tall: a list's round bullet or a to-do circle
//   ("O", "Oo"; Roboto's "O" is 0.8 as wide as tall, a "0" 0.55).
// - An opening quote that starts a line and is never closed on it: an icon just left of the text
//   read into its first word (a planet's sign before "Moon" as "‘Moon", a marker before "Ends at").
// On the real-apps screenshots these were 36 short lines and 8 quotes, none of them truth. Pure.
import type { Size } from './calibration.js';
import { lineOfWords, withReadFrom, type OcrLine } from './ocr-line.js';

/** Shorter than this (dp) is no text's glyph. */
const LEAST_TEXT_DP = 6;
/** A circle's box is this close to square. */
const SQUARE = { least: 0.88, most: 1.15 };
/** A drawn circle read as text: one or two round letters. */
const ROUND = /^[oO0Q]{1,2}$/u;
const OPENING_QUOTE = /^[‘“'"`]/u;
const ANY_QUOTE = /[‘’“”'"`]/u;

export function withoutStrayMarks(lines: OcrLine[], deviceSize: Size): OcrLine[] {
  const dp = deviceSize.width / 360;
  return lines.filter((line) => !isMark(line, dp)).map(withoutStrayQuote);
}

function isMark(line: OcrLine, dp: number): boolean {
  const text = line.text.replace(/[^\p{L}\p{N}]/gu, '');
  // No letter or digit: a sign or a password field's dots, not a glyph like these.
  if (!text.length || text.length > 2) return false;
  const { width, height } = line.box;
  return (
    height < LEAST_TEXT_DP * dp || (ROUND.test(text) && width >= SQUARE.least * height && width <= SQUARE.most * height)
  );
}

function withoutStrayQuote(line: OcrLine): OcrLine {
  const [first, ...rest] = line.words;
  if (!first || !OPENING_QUOTE.test(first.text) || ANY_QUOTE.test(line.text.slice(1))) return line;
  const text = first.text.slice(1);
  // The word's box keeps the mark's width: where it was drawn matters less than what it says.
  const words = text ? [{ ...first, text }, ...rest] : rest;
  return words.length ? withReadFrom(lineOfWords(words), [line]) : line;
}
