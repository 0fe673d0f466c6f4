// The screen as elements, not a bag of OCR words: text blocks (lines joined across wraps),
// buttons, fields and toggles with their whole boxes, inside regions (status bar, content,
// dialog, banner, ...). What pixels showed comes in as LayoutHints; what OCR read comes in as
// lines; buildElements joins the two. Every element says whether it was seen in the pixels,
// inferred from layout, or taken from a virtual device's ground truth. Pure types.
import type { Box, OcrLine } from './ocr-line.js';

export type RegionKind =
  | 'status_bar' // the phone's clock and icons: never a target, never evidence
  | 'navigation_bar' // back / home / recents
  | 'content' // the app's own area
  | 'dialog' // a panel over a dimmed scrim
  | 'sheet' // a panel rising from the bottom edge
  | 'banner' // a notification or banner over the top of the content
  | 'toast' // a short message near the bottom
  | 'keyboard';

/** How an element or region is known: detected from pixels, inferred from text layout, or ground truth. */
export type Evidence = 'pixels' | 'layout' | 'truth';

export interface ScreenRegion {
  id: string;
  kind: RegionKind;
  box: Box;
  /**
   * Appeared without being asked for: banners and notifications always; a dialog when the step
   * that saw it did not cause it (the loop decides that, see markUnasked). Text inside an
   * unasked region never satisfies a step that did not ask for that region.
   */
  unasked: boolean;
  /** The region's own title (a dialog's first line), when it has one. */
  title?: string;
  evidence: Evidence;
}

export type ElementKind = 'text' | 'title' | 'button' | 'field' | 'toggle' | 'checkbox';

export interface ElementState {
  /** A text field with the caret or focus highlight in it. */
  focused?: boolean;
  /** A toggle or checkbox that is on. */
  checked?: boolean;
  /** A password field (dots), where a secret may be typed. */
  secret?: boolean;
}

export interface ScreenElement {
  /** Stable within one screen model (e1, e2, ... top to bottom). */
  id: string;
  kind: ElementKind;
  /** The element's whole text: a wrapped block's lines joined with single spaces. */
  text: string;
  /** The whole element: a button's shape or a field's outline, padding included. */
  box: Box;
  /** Just the text's box (equals box for plain text). */
  textBox: Box;
  lines: OcrLine[];
  /** The lowest line confidence in the element (0..1). */
  confidence: number;
  /** The innermost region holding the element's centre. */
  region: string;
  state: ElementState;
  evidence: Evidence;
}

/** A shape seen in the pixels that gives text a role (a button's fill, a field's underline). */
export interface ShapeHint {
  kind: 'button' | 'field' | 'toggle' | 'checkbox';
  box: Box;
  state?: ElementState;
  /** For a field: its label when the shape detector knows it (ground truth), else undefined. */
  label?: string;
  /** A button drawn as an outline (two strokes), not a fill: its text's place tells a field (build-elements.ts). */
  outlined?: boolean;
  /** A button drawn as an icon alone (a toolbar's gear or lens): a target without a label (toolbar-icons.ts). */
  icon?: boolean;
}

export interface RegionHint {
  kind: Exclude<RegionKind, 'content'>;
  box: Box;
  unasked?: boolean;
}

/** A drawn region or control with its state, as a virtual device records it (its ground truth). */
export interface LayoutMark {
  kind: 'dialog' | 'banner' | 'toast' | 'button' | 'field' | 'toggle';
  box: Box;
  label?: string;
  checked?: boolean;
  focused?: boolean;
  secret?: boolean;
}

/** What pixels (or a virtual device's truth) tell about the layout, beside the OCR lines. */
export interface LayoutHints {
  regions?: RegionHint[];
  shapes?: ShapeHint[];
  evidence?: Evidence;
}
