// What the agent reads from one camera frame: lines and words with boxes in DEVICE pixels and
// their confidence (0..1). Helpers live beside it: build-elements, match-elements, content-diff, quality. Pure.
import type { Size } from './calibration.js';
import { buildElements } from './build-elements.js';
import type { LayoutHints, ScreenElement, ScreenRegion } from './screen-elements.js';

export interface Box { x: number; y: number; width: number; height: number }
export interface OcrWord { text: string; box: Box; confidence: number }
export interface OcrLine { text: string; box: Box; confidence: number; words: OcrWord[] }

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

export function screenModel(deviceSize: Size, lines: OcrLine[], hints: LayoutHints = {}): ScreenModel {
  const sorted = [...lines].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const words = sorted.flatMap((line) => line.words);
  const confidence = words.length ? words.reduce((s, w) => s + w.confidence, 0) / words.length : 0;
  return { deviceSize, lines: sorted, confidence, ...buildElements(deviceSize, sorted, hints) };
}

export function wordsOf(model: ScreenModel): OcrWord[] {
  return model.lines.flatMap((line) => line.words);
}

export function centreOf(box: Box): { x: number; y: number } {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

export function unionBox(boxes: Box[]): Box {
  const x0 = Math.min(...boxes.map((b) => b.x)), y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width)), y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The model as plain text, one line per line, top to bottom. */
export function screenText(model: ScreenModel): string {
  return model.lines.map((line) => line.text).join('\n');
}
