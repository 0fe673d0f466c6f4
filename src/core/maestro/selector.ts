// Maestro's element selectors on the screen model: `text` a regular expression matching the whole
// text (a plain text is compared word by word through the documented OCR confusions, as every
// benchhand step is), `index` among the matches top to bottom, `point` in pixels or percent, the
// relative selectors from element boxes (below, above, leftOf, rightOf, containsChild, childOf),
// and `checked` / `focused` from the element's state. Without `index` the first match is taken, as
// Maestro takes the first. The phone's bars and the keyboard are never matched. Pure.
import { sameText } from '../vision/ocr-confusions.js';
import type { ScreenElement } from '../vision/screen-elements.js';
import { centreOf, type Box, type ScreenModel } from '../vision/screen-model.js';

/** A selector as written, its ${...} already filled. */
export type Selector = string | number | SelectorMap;
export interface SelectorMap {
  text?: string | number;
  index?: number | string;
  point?: string;
  below?: Selector;
  above?: Selector;
  leftOf?: Selector;
  rightOf?: Selector;
  containsChild?: Selector;
  childOf?: Selector;
  checked?: boolean;
  focused?: boolean;
  optional?: boolean;
}

export type Resolved =
  { ok: true; point: { x: number; y: number }; element?: ScreenElement } | { ok: false; message: string };

const HIDDEN_REGIONS = new Set(['status_bar', 'navigation_bar', 'keyboard']);
const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|]/;

export function describeSelector(selector: Selector): string {
  if (typeof selector !== 'object') return `Text matching regex: ${selector}`;
  const parts: string[] = [];
  if (selector.text !== undefined) parts.push(`Text matching regex: ${selector.text}`);
  if (selector.point !== undefined) parts.push(`Point ${selector.point}`);
  for (const key of ['below', 'above', 'leftOf', 'rightOf', 'containsChild', 'childOf'] as const)
    if (selector[key] !== undefined) parts.push(`${key} ${describeSelector(selector[key]!)}`);
  if (selector.checked !== undefined) parts.push(`checked: ${selector.checked}`);
  if (selector.focused !== undefined) parts.push(`focused: ${selector.focused}`);
  if (selector.index !== undefined) parts.push(`Index: ${selector.index}`);
  return parts.join(', ') || 'any element';
}

/** Does the element's whole text answer the selector's text? */
export function textMatches(pattern: string, text: string): boolean {
  const flat = text.replace(/\n/g, ' ');
  if (pattern === text || pattern === flat || sameText(pattern, flat)) return true;
  if (!REGEX_SPECIAL.test(pattern)) return false;
  let regex: RegExp;
  try {
    // Maestro's text regex: case-insensitive, dot matches newlines, the whole text.
    regex = new RegExp(`^(?:${pattern})$`, 'is');
  } catch {
    return false;
  }
  return regex.test(text) || regex.test(flat);
}

/** Every element the selector matches, top to bottom (relative selectors: nearest first). */
export function matchAll(screen: ScreenModel, selector: Selector): ScreenElement[] {
  const map: SelectorMap = typeof selector === 'object' ? selector : { text: String(selector) };
  const regions = new Map(screen.regions.map((r) => [r.id, r.kind]));
  let found = screen.elements.filter((e) => !HIDDEN_REGIONS.has(regions.get(e.region) ?? 'content'));
  if (map.text !== undefined) found = found.filter((e) => textMatches(String(map.text), e.text));
  if (map.checked !== undefined) found = found.filter((e) => (e.state.checked ?? false) === map.checked);
  if (map.focused !== undefined) found = found.filter((e) => (e.state.focused ?? false) === map.focused);
  for (const key of ['below', 'above', 'leftOf', 'rightOf', 'containsChild', 'childOf'] as const) {
    if (map[key] === undefined) continue;
    const anchor = matchAll(screen, map[key]!)[0];
    if (!anchor) return [];
    found = found.filter((e) => e !== anchor && relates(key, e.box, anchor.box));
    if (key !== 'containsChild' && key !== 'childOf')
      found.sort((a, b) => gap(a.box, anchor.box) - gap(b.box, anchor.box));
  }
  return found;
}

export function resolveSelector(screen: ScreenModel, selector: Selector): Resolved {
  const map: SelectorMap = typeof selector === 'object' ? selector : { text: String(selector) };
  if (map.point !== undefined) {
    const point = parsePoint(map.point, screen.deviceSize);
    return point.ok ? { ok: true, point: point.point } : { ok: false, message: point.message };
  }
  const found = matchAll(screen, selector);
  const index = map.index === undefined ? 0 : Number(map.index);
  const element = found[index];
  if (!element) return { ok: false, message: `Element not found: ${describeSelector(selector)}` };
  const c = centreOf(element.box);
  return { ok: true, point: { x: Math.round(c.x), y: Math.round(c.y) }, element };
}

/** "50%, 50%" or "120, 300" (device pixels). */
export function parsePoint(
  text: string,
  size: { width: number; height: number },
): { ok: true; point: { x: number; y: number } } | { ok: false; message: string } {
  const parts = String(text)
    .split(',')
    .map((p) => p.trim());
  const match = parts.length === 2 && parts.every((p) => /^\d+(\.\d+)?%?$/.test(p));
  if (!match) return { ok: false, message: `point "${text}" is not "x, y" in pixels or "x%, y%"` };
  const value = (p: string, whole: number) =>
    p.endsWith('%') ? Math.round((Number(p.slice(0, -1)) / 100) * (whole - 1)) : Math.round(Number(p));
  const point = { x: value(parts[0]!, size.width), y: value(parts[1]!, size.height) };
  if (point.x >= size.width || point.y >= size.height)
    return { ok: false, message: `point "${text}" is outside the ${size.width}x${size.height} screen` };
  return { ok: true, point };
}

function relates(key: string, box: Box, anchor: Box): boolean {
  const c = centreOf(box);
  switch (key) {
    case 'below':
      return box.y >= anchor.y + anchor.height - 2;
    case 'above':
      return box.y + box.height <= anchor.y + 2;
    case 'leftOf':
      return box.x + box.width <= anchor.x + 2;
    case 'rightOf':
      return box.x >= anchor.x + anchor.width - 2;
    case 'containsChild':
      return inside(centreOf(anchor), box) && box.width * box.height > anchor.width * anchor.height;
    default:
      return inside(c, anchor) && box.width * box.height < anchor.width * anchor.height;
  }
}

const inside = (p: { x: number; y: number }, box: Box): boolean =>
  p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height;

function gap(a: Box, b: Box): number {
  const dx = Math.max(0, Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width));
  const dy = Math.max(0, Math.max(a.y, b.y) - Math.min(a.y + a.height, b.y + b.height));
  return Math.hypot(dx, dy);
}
