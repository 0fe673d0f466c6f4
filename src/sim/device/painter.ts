// Collects shapes, text runs and tap targets for one view, in dp units scaled to device pixels,
// measuring every text run so its ground-truth box is known at the moment it is placed.
import { measureText, wrapText, type FontWeight } from './font-metrics.js';
import type { Palette } from './theme.js';
import type { Action } from './schema.js';
import type { Box, LayoutMark, ListRegion, Shape, Target, TargetRole } from './view.js';

export type FocusKind = 'field' | 'button' | 'toggle' | 'list';

/** Something TAB can move to and ENTER can act on. */
export interface Focusable {
  key: string;
  kind: FocusKind;
  actions?: Action[];
  /** For fields: actions after every edit of the text. */
  onChange?: Action[];
  maxLength?: number;
  /** For lists: the number of items and how many rows show at once. */
  items?: number;
  rows?: number;
}

export class Painter {
  readonly shapes: Shape[] = [];
  readonly targets: Target[] = [];
  readonly focusables: Focusable[] = [];
  readonly marks: LayoutMark[] = [];
  readonly lists: ListRegion[] = [];

  constructor(
    readonly dp: number,
    readonly palette: Palette,
    readonly width: number,
    readonly height: number,
  ) {}

  px(dpValue: number): number {
    return Math.round(dpValue * this.dp);
  }

  rect(
    box: Box,
    fill: string,
    options: { radius?: number; stroke?: string; strokeWidth?: number; opacity?: number } = {},
  ): void {
    this.shapes.push({ kind: 'rect', box, fill, ...options });
  }

  /** Draws one line of text with its left end at x (or centred on x / ending at x) and returns its box. */
  text(
    text: string,
    x: number,
    baseline: number,
    sizeDp: number,
    color: string,
    options: { weight?: FontWeight; align?: 'left' | 'center' | 'right' } = {},
  ): Box {
    const size = sizeDp * this.dp;
    const weight = options.weight ?? 'regular';
    const extent = measureText(text, size, weight);
    const left = options.align === 'center' ? x - extent.width / 2 : options.align === 'right' ? x - extent.width : x;
    const box = {
      x: Math.round(left),
      y: Math.round(baseline + extent.top),
      width: Math.round(extent.width),
      height: Math.round(extent.bottom - extent.top),
    };
    if (text.trim() !== '')
      this.shapes.push({ kind: 'text', run: { text, x: left, baseline, size, weight, color, box } });
    return box;
  }

  /** Wrapped paragraph starting at top; returns the y below its last line. */
  paragraph(
    text: string,
    x: number,
    top: number,
    widthPx: number,
    sizeDp: number,
    color: string,
    weight: FontWeight = 'regular',
  ): number {
    const lineHeight = sizeDp * 1.4 * this.dp;
    let baseline = top + sizeDp * 1.05 * this.dp;
    for (const line of wrapText(text, sizeDp * this.dp, widthPx, weight)) {
      this.text(line, x, baseline, sizeDp, color, { weight });
      baseline += lineHeight;
    }
    return Math.round(baseline - lineHeight + sizeDp * 0.45 * this.dp);
  }

  mark(mark: LayoutMark): void {
    this.marks.push(mark);
  }

  target(box: Box, role: TargetRole, label: string, extra: Omit<Target, 'box' | 'role' | 'label'> = {}): void {
    this.targets.push({ box, role, label, ...extra });
  }
}
