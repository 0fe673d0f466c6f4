// Builds the element model from OCR lines and layout hints. First cut: one text element per
// line, regions from hints plus the status and navigation bars at their usual places. The
// wrap-joining, role and region assignment rules land here next (see screen-elements.ts).
import type { Size } from './calibration.js';
import type { LayoutHints, ScreenElement, ScreenRegion } from './screen-elements.js';
import type { OcrLine } from './screen-model.js';

/** Android's status bar is 24 dp of about 800; the gesture/navigation bar 48 dp. */
export const STATUS_BAR_SHARE = 0.035;
export const NAVIGATION_BAR_SHARE = 0.06;

export function buildElements(deviceSize: Size, lines: OcrLine[], hints: LayoutHints = {}): { elements: ScreenElement[]; regions: ScreenRegion[] } {
  const regions = baseRegions(deviceSize, hints);
  const elements = lines.map((line, index): ScreenElement => ({
    id: `e${index + 1}`, kind: 'text', text: line.text, box: line.box, textBox: line.box, lines: [line],
    confidence: line.confidence, region: regions[0]!.id, state: {}, evidence: 'layout',
  }));
  return { elements, regions };
}

function baseRegions(deviceSize: Size, hints: LayoutHints): ScreenRegion[] {
  const { width, height } = deviceSize;
  const status = Math.round(height * STATUS_BAR_SHARE), navigation = Math.round(height * NAVIGATION_BAR_SHARE);
  const evidence = hints.evidence ?? 'layout';
  return [
    { id: 'content', kind: 'content', box: { x: 0, y: status, width, height: height - status - navigation }, unasked: false, evidence: 'layout' },
    { id: 'status_bar', kind: 'status_bar', box: { x: 0, y: 0, width, height: status }, unasked: false, evidence: 'layout' },
    { id: 'navigation_bar', kind: 'navigation_bar', box: { x: 0, y: height - navigation, width, height: navigation }, unasked: false, evidence: 'layout' },
    ...(hints.regions ?? []).map((hint, index): ScreenRegion => ({
      id: `${hint.kind}${index + 1}`, kind: hint.kind, box: hint.box, unasked: hint.unasked ?? (hint.kind === 'banner'), evidence,
    })),
  ];
}
