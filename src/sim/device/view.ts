// What one moment of the device looks like, as data: shapes to draw, text runs with their boxes,
// and tap targets. Layout produces it; the renderer draws it; hit testing and ground truth read it.
import type { Action } from './schema.js';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Shape =
  | { kind: 'rect'; box: Box; fill: string; radius?: number; stroke?: string; strokeWidth?: number; opacity?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string; stroke?: string; strokeWidth?: number }
  | { kind: 'line'; x1: number; y1: number; x2: number; y2: number; stroke: string; width: number }
  | { kind: 'polygon'; points: [number, number][]; fill: string }
  | { kind: 'text'; run: TextRun };

export interface TextRun {
  text: string;
  /** Left end of the advance run and the baseline, in device pixels. */
  x: number;
  baseline: number;
  size: number;
  weight: 'regular' | 'bold';
  color: string;
  /** Ink box (vertical) over the advance run (horizontal), in device pixels: the OCR ground truth. */
  box: Box;
  /** Set when an opaque card (a dialog) was drawn over it later: not visible, not ground truth. */
  covered?: boolean;
}

export type TargetRole =
  | 'button'
  | 'field'
  | 'toggle'
  | 'list-item'
  | 'scroll'
  | 'nav'
  | 'notification'
  | 'dialog-button'
  | 'unlock'
  | 'blocker'
  | 'system';

export interface Target {
  box: Box;
  role: TargetRole;
  label: string;
  /** The field, toggle or list name, or the focus key of a button. */
  name?: string;
  actions?: Action[];
  keepOpen?: boolean;
  /** Marked destructive in the device file: activating it is logged. */
  destructive?: boolean;
  scroll?: { list: string; delta: number };
  /** A list item: its index in the file's items (the list may have been reordered or thinned). */
  item?: number;
  /** What a long press on it does (a context menu is a dialog opened this way). */
  longPress?: Action[];
}

/** Where a list is drawn, so a swipe that starts inside it can scroll, dismiss or reorder it. */
export interface ListRegion {
  name: string;
  box: Box;
  rowHeight: number;
  /** The index (into the shown order) of the first visible row, and how many rows show. */
  first: number;
  rows: number;
  count: number;
  dismissable: boolean;
  reorder: boolean;
}

/** A drawn region or control with its state, for ground-truth layout hints (what the pixels show). */
export type { LayoutMark } from '../../core/vision/screen-elements.js';
import type { LayoutMark } from '../../core/vision/screen-elements.js';

export interface View {
  shapes: Shape[];
  /** Regions and controls as drawn (absent from views that do not record them). */
  marks?: LayoutMark[];
  /** Later targets are on top: hit testing takes the last one that contains the point. */
  targets: Target[];
  /** The lists on screen (absent from views that do not record them). */
  lists?: ListRegion[];
}

export function contains(box: Box, x: number, y: number): boolean {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

/** The text runs a perfect reader would see: drawn and not covered by a later opaque card. */
export function textRuns(view: View): TextRun[] {
  return view.shapes.flatMap((s) => (s.kind === 'text' && !s.run.covered ? [s.run] : []));
}

/** The targets a tap can reach: those above the last modal blocker. */
export function reachableTargets(view: View): Target[] {
  const blocker = view.targets.map((t) => t.role).lastIndexOf('blocker');
  return view.targets.slice(blocker + 1);
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}
