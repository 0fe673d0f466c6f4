// Finds a target or an expectation on the element model: whole elements compared word by word
// through OCR confusions only (or a run of whole words with `contains`), looked for only where
// the query allows — never in the status or navigation bar, never in a banner or pop-up that
// appeared unasked unless the query names it, and behind an open dialog only inside the dialog.
// Anchors (below, near, ...) narrow it down. Pure.
import { containsText, endsText, sameText } from './ocr-confusions.js';
import type { RegionKind, ScreenElement, ScreenRegion } from './screen-elements.js';
import { centreOf, type Box, type ScreenModel } from './screen-model.js';
import { similarity } from './text-distance.js';

export type Place = RegionKind | 'title' | 'anywhere';

export interface Anchors {
  /** Only inside regions of this kind, or a title; `anywhere` takes pop-ups and banners too (never the phone's bars). */
  in?: Place;
  near?: string;
  below?: string;
  above?: string;
  right_of?: string;
  left_of?: string;
  /** A box in device pixels the element's centre must lie in. */
  within?: Box;
}

export interface ElementQuery extends Anchors {
  text: string;
  /** A run of whole words inside a longer element is enough (explicit, never the default). */
  contains?: boolean;
  /** The element shows the text's end, its first word perhaps cut (a scrolled one-line field: typing checks). */
  ending?: boolean;
}

export interface ElementMatch {
  element: ScreenElement;
  region: ScreenRegion;
  how: 'whole' | 'sentence' | 'contains' | 'ending';
}

export interface MatchReport {
  matches: ElementMatch[];
  /** Equal texts that were not taken, and why (in a banner, in the status bar, behind a dialog). */
  setAside: { element: ScreenElement; why: string }[];
  /** Texts alike but not the same ("is off" for "is on"), to say what is there instead. */
  nearMisses: ScreenElement[];
  /** Longer elements, where the query may be looked for, that hold it as a run of whole words (asked for whole). */
  partOf: ScreenElement[];
  /** An anchor that could not be placed, in words. */
  anchorProblem?: string;
}

const BARS: RegionKind[] = ['status_bar', 'navigation_bar', 'keyboard'];
const MODAL: RegionKind[] = ['dialog', 'sheet'];

export function findElements(model: ScreenModel, query: ElementQuery): MatchReport {
  const report: MatchReport = { matches: [], setAside: [], nearMisses: [], partOf: [] };
  const regions = new Map(model.regions.map((r) => [r.id, r]));
  for (const element of model.elements) {
    const how = textMatch(element.text, query);
    const region = regions.get(element.region) ?? model.regions[0]!;
    if (!how) {
      // "12 min" inside "Arrives in 12 min": the message says so, and how to ask for a part.
      if (!query.contains && containsText(element.text, query.text)) {
        if (!outOfPlace(model, element, region, query.in)) report.partOf.push(element);
      } else if (similarity(element.text, query.text) >= 0.6) report.nearMisses.push(element);
      continue;
    }
    const why = outOfPlace(model, element, region, query.in);
    if (why) report.setAside.push({ element, why });
    else report.matches.push({ element, region, how });
  }
  return narrow(model, report, query);
}

/** How a text answers the query: the whole element, one whole sentence of it, or (asked for) a run of words. */
export function textMatch(
  text: string,
  query: Pick<ElementQuery, 'text' | 'contains' | 'ending'>,
): ElementMatch['how'] | undefined {
  if (sameText(query.text, text)) return 'whole';
  const sentences = text.split(/(?<=[.!?])\s+/);
  if (sentences.length > 1 && sentences.some((s) => sameText(query.text, s))) return 'sentence';
  if (query.contains && containsText(text, query.text)) return 'contains';
  if (query.ending && endsText(query.text, text)) return 'ending';
  return undefined;
}

function outOfPlace(
  model: ScreenModel,
  element: ScreenElement,
  region: ScreenRegion,
  place: Place | undefined,
): string | undefined {
  // Anywhere the app draws: pop-ups and banners too, never the phone's own bars.
  if (place === 'anywhere') return BARS.includes(region.kind) ? `in the ${describe(region)}` : undefined;
  if (place === 'title')
    return element.kind === 'title' ||
      (region.title !== undefined && region.title === element.text && region.kind !== 'content')
      ? undefined
      : 'not a title';
  if (place)
    return region.kind === place ? undefined : `in the ${describe(region)}, not in a ${place.replace('_', ' ')}`;
  if (BARS.includes(region.kind)) return `in the ${describe(region)}`;
  if (region.unasked) return `in a ${region.kind} that appeared unasked`;
  const modal = model.regions.filter((r) => MODAL.includes(r.kind) && !r.unasked).at(-1);
  if (modal && region.id !== modal.id && !insideBox(centreOf(element.box), modal.box))
    return `behind the open ${modal.kind}${modal.title ? ` "${modal.title}"` : ''}`;
  const unaskedModal = model.regions.find((r) => MODAL.includes(r.kind) && r.unasked);
  if (unaskedModal && region.id !== unaskedModal.id) return `behind a ${unaskedModal.kind} that appeared unasked`;
  return undefined;
}

function narrow(model: ScreenModel, report: MatchReport, query: ElementQuery): MatchReport {
  if (query.within) report.matches = report.matches.filter((m) => insideBox(centreOf(m.element.box), query.within!));
  for (const direction of ['below', 'above', 'right_of', 'left_of', 'near'] as const) {
    const anchorText = query[direction];
    if (!anchorText) continue;
    const anchors = findElements(model, { text: anchorText, in: query.in }).matches;
    if (anchors.length !== 1) {
      report.anchorProblem = anchors.length
        ? `"${anchorText}" is on the screen ${anchors.length} times, so "${direction.replace('_', ' ')}" it says nothing`
        : `the anchor "${anchorText}" is not on the screen`;
      report.matches = [];
      return report;
    }
    const anchor = anchors[0]!.element.box;
    report.matches = report.matches
      .filter((m) => m.element.box !== anchor && lies(direction, m.element.box, anchor))
      .sort((a, b) => distance(a.element.box, anchor) - distance(b.element.box, anchor));
    // With an anchor the nearest candidate is the one meant, unless another is about as near.
    const [first, second] = report.matches;
    if (first && second && distance(second.element.box, anchor) > 1.5 * distance(first.element.box, anchor))
      report.matches = [first];
  }
  return report;
}

function lies(direction: 'below' | 'above' | 'right_of' | 'left_of' | 'near', box: Box, anchor: Box): boolean {
  const c = centreOf(box),
    a = centreOf(anchor);
  const overlapX = Math.min(box.x + box.width, anchor.x + anchor.width) - Math.max(box.x, anchor.x) > 0;
  const overlapY = Math.min(box.y + box.height, anchor.y + anchor.height) - Math.max(box.y, anchor.y) > 0;
  switch (direction) {
    case 'below':
      return c.y > anchor.y + anchor.height && (overlapX || Math.abs(c.x - a.x) < anchor.width);
    case 'above':
      return c.y < anchor.y && (overlapX || Math.abs(c.x - a.x) < anchor.width);
    case 'right_of':
      return c.x > anchor.x + anchor.width && overlapY;
    case 'left_of':
      return c.x < anchor.x && overlapY;
    case 'near':
      return distance(box, anchor) <= 3 * Math.max(anchor.height, box.height, 40);
  }
}

/** The gap between two boxes (0 when they touch or overlap). */
function distance(a: Box, b: Box): number {
  const dx = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width));
  const dy = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height));
  return Math.hypot(dx, dy);
}

const insideBox = (p: { x: number; y: number }, box: Box): boolean =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

export function describe(region: ScreenRegion): string {
  return `${region.kind.replace('_', ' ')}${region.title ? ` "${region.title}"` : ''}`;
}

/** An element as people read it in a message: its text, kind and where it is. */
export function describeElement(element: ScreenElement): string {
  const c = centreOf(element.box);
  return `"${element.text}" (${roleWords(element)} at ${Math.round(c.x)},${Math.round(c.y)})`;
}

/** The element's kind, with the state a switch or checkbox shows ("toggle on", "checkbox off"). */
export function roleWords(element: ScreenElement): string {
  if (element.kind === 'toggle' || element.kind === 'checkbox')
    return `${element.kind} ${element.state.checked ? 'on' : 'off'}`;
  return element.kind;
}

export type Resolution =
  | { ok: true; match: ElementMatch }
  | { ok: false; reason: 'not_found' | 'ambiguous'; message: string; report: MatchReport };

/** The one element a tap means, or why there is none: not there, only somewhere it may not be taken, or more than one. */
export function resolveTarget(model: ScreenModel, query: ElementQuery, occurrence?: number): Resolution {
  const report = findElements(model, query);
  const { matches } = report;
  if (occurrence !== undefined && matches.length >= occurrence) return { ok: true, match: matches[occurrence - 1]! };
  if (matches.length === 1) return { ok: true, match: matches[0]! };
  if (matches.length > 1) {
    const list = matches.map((m) => `${describeElement(m.element)} in the ${describe(m.region)}`).join('; ');
    return {
      ok: false,
      reason: 'ambiguous',
      report,
      message: `"${query.text}" is on the screen ${matches.length} times: ${list}. Say which one (occurrence, or an anchor such as in: dialog, below: "...")`,
    };
  }
  return { ok: false, reason: 'not_found', report, message: notFoundMessage(query, report) };
}

/** Why a text was not found, naming what is there instead. */
export function notFoundMessage(query: ElementQuery, report: MatchReport): string {
  const parts = [
    `"${query.text}" is not on the screen${query.in ? ` in a ${query.in.replace('_', ' ')}` : ''}${query.contains ? '' : ' as a whole element'}`,
  ];
  if (report.anchorProblem) parts.push(report.anchorProblem);
  if (report.setAside.length)
    parts.push(
      `seen only ${report.setAside
        .slice(0, 3)
        .map((s) => `${describeElement(s.element)} ${s.why}`)
        .join('; ')}`,
    );
  if (report.partOf.length)
    parts.push(
      `"${query.text}" is part of ${report.partOf.slice(0, 3).map(describeElement).join('; ')}; add contains: true if a part is meant`,
    );
  if (report.nearMisses.length)
    parts.push(`similar but not the same: ${report.nearMisses.slice(0, 3).map(describeElement).join('; ')}`);
  return parts.join('; ');
}
