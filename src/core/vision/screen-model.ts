// What the agent reads from one camera frame: lines and words with boxes in DEVICE pixels and
// their confidence (0..1). Helpers live beside it: build-elements, match-elements, content-diff, quality. Pure.
import type { Size } from './calibration.js';
import { buildElements } from './build-elements.js';
import type { LayoutHints, ScreenElement, ScreenRegion } from './screen-elements.js';
import type { OcrLine, OcrWord } from './ocr-line.js';
import { withoutShapeGlyphs } from './shape-glyphs.js';

export { centreOf, unionBox, type Box, type OcrLine, type OcrWord } from './ocr-line.js';

export interface ScreenModel {
  deviceSize: Size;
  lines: OcrLine[];
  /** Mean word confidence (0..1), 0 when nothing was read. */
  confidence: number;
  /** The lines as elements (text blocks, buttons, fields, toggles), top to bottom. */
  elements: ScreenElement[];
  /** Where the elements sit: content, status and navigation bars, dialogs, banners, ... */
  regions: ScreenRegion[];
}

/** Words that are drawn shapes read as letters (a toggle, a button's outline; shape-glyphs.ts) are left out. */
export function screenModel(deviceSize: Size, lines: OcrLine[], hints: LayoutHints = {}): ScreenModel {
  const sorted = withoutShapeGlyphs(lines, hints).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const words = sorted.flatMap((line) => line.words);
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return { deviceSize, lines: sorted, confidence, ...buildElements(deviceSize, sorted, hints) };
}

export function wordsOf(model: ScreenModel): OcrWord[] {
  return model.lines.flatMap((line) => line.words);
}

/** The model as plain text, one line per line, top to bottom. */
export function screenText(model: ScreenModel): string {
  return model.lines.map((line) => line.text).join('\n');
}
