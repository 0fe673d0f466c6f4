// Tesseract reads drawn shapes as letters: a toggle's track and knob come out as "a»", a
// checkbox's square as "O" or "LI", and the rounded ends of an outlined button as "C" and ")"
// beside its label ("C Network & internet").
// The layout found those shapes in the pixels (detect-layout.ts), so a word that is the shape
// itself is dropped: one lying on a toggle or checkbox (neither holds text), or one inside a
// button's rounded end (its centre within half the button's height of the left or right edge) nearly as
// tall as the button (a label is far shorter than its button: a 48 dp button holds 14-16 sp text).
// Pure.
import type { LayoutHints } from './screen-elements.js';
import { keepWords, type Box, type OcrLine, type OcrWord } from './ocr-line.js';

/** A word at least this share of its button's height is the outline, not the label. */
const OUTLINE_HEIGHT_SHARE = 0.6;

export function withoutShapeGlyphs(lines: OcrLine[], hints: LayoutHints): OcrLine[] {
  const toggles = (hints.shapes ?? []).filter((s) => s.kind === 'toggle' || s.kind === 'checkbox').map((s) => s.box);
  const buttons = (hints.shapes ?? []).filter((s) => s.kind === 'button' && !s.icon).map((s) => s.box);
  // An icon-only button's glyph read as a letter or two (a lens as "Q") lies on its 48 dp target.
  const icons = (hints.shapes ?? []).filter((s) => s.icon).map((s) => s.box);
  if (!toggles.length && !buttons.length && !icons.length) return lines;
  const isShape = (word: OcrWord) =>
    toggles.some((box) => isInside(box, word.box)) ||
    buttons.some((box) => isButtonEnd(box, word.box)) ||
    (word.text.trim().length <= 2 && icons.some((box) => isInside(box, word.box)));
  return keepWords(lines, (word) => !isShape(word));
}

/** At least this share of a word's box inside a toggle makes it the toggle (a toggle found on a bold word must not drop the word: measured). */
const INSIDE_SHARE = 0.8;

function isInside(box: Box, word: Box): boolean {
  const width = Math.min(box.x + box.width, word.x + word.width) - Math.max(box.x, word.x),
    height = Math.min(box.y + box.height, word.y + word.height) - Math.max(box.y, word.y);
  return width > 0 && height > 0 && width * height >= INSIDE_SHARE * word.width * word.height;
}

function holdsCentre(box: Box, word: Box): boolean {
  const x = word.x + word.width / 2,
    y = word.y + word.height / 2;
  return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
}

function isButtonEnd(button: Box, word: Box): boolean {
  if (!holdsCentre(button, word) || word.height < OUTLINE_HEIGHT_SHARE * button.height) return false;
  const end = button.height / 2,
    centre = word.x + word.width / 2;
  return centre <= button.x + end || centre >= button.x + button.width - end;
}
