// A line struck through (a to-do list's done items: grey text with a 1 dp rule across its middle)
// made readable: tesseract reads the rule as part of every glyph ("Hello World" as "Helle-Werld",
// "Swipe an item right" as "Swipe-anttentightte"), and on the real-apps screenshots it lost
// about one word in twenty. A thin row of ink running along most of the line's text, and at
// least two line heights long, is a rule, not a glyph's bar (no letter's bar is that long): it is
// painted over with the ground, except where a glyph's stroke crosses it (bridged from the pixels
// above and below) and where a glyph's own bar lies on it (an "e"'s: paintOver). An underline is
// the same shape and goes the same way.
// A line without such a rule is returned as it is (the same object). Pure.
import type { GrayImage } from './gray-image.js';

/** Darker than this (0..255) is ink, on a line made dark-on-light and stretched (line-crop.ts normaliseLine). */
const INK = 128;
/** A rule is thin and drawn grey by anti-aliasing (a 1 dp rule over 1.5 px rows): its rows are darker than this along it. */
const RULE_INK = 190;
/** Columns this near a crossing stroke are its anti-aliased edge, not a glyph's own bar. */
const STROKE_EDGE = 2;
/** A glyph's bar on the rule (an "e"'s) is at most this share of the line's height long. */
const GLYPH_BAR = 0.45;
/** A glyph's bar on the rule has no ink this share of the line's height on its open side. */
const OPENING = 0.08;
/** A rule runs at least this many times the line's height... */
const RULE_HEIGHTS = 2;
/** ...and along at least this share of the text's width. */
const RULE_SHARE_OF_TEXT = 0.6;
/** A rule is at most this share of the line's height thick (at least 2 px): a thicker bar is a shape. */
const RULE_THICKNESS = 0.15;
/** A row beside the rule, darker than this along it on average, is the rule's anti-aliased edge. */
const EDGE = 200;

export function withoutRules(line: GrayImage): GrayImage {
  const { data, width, height } = line;
  if (width < RULE_HEIGHTS * height || height < 8) return line;
  const text = inkColumns(line);
  if (!text) return line;
  const least = Math.max(RULE_HEIGHTS * height, RULE_SHARE_OF_TEXT * (text.x1 - text.x0));
  const runs = Array.from({ length: height }, (_, y) => longestRun(data, y * width, width));
  let out: Uint8Array | undefined;
  for (let y = 0; y < height; y++) {
    if (runs[y]!.length < least) continue;
    let y1 = y;
    while (y1 + 1 < height && runs[y1 + 1]!.length >= least) y1++;
    const rule = { y0: y, y1, x0: runs[y]!.x0, x1: runs[y]!.x1 };
    y = y1;
    if (rule.y1 - rule.y0 + 1 > Math.max(2, RULE_THICKNESS * height)) continue;
    // The anti-aliased row either side belongs to the rule too.
    if (rule.y0 > 0 && meanAlong(data, width, rule.y0 - 1, rule.x0, rule.x1) < EDGE) rule.y0--;
    if (rule.y1 < height - 1 && meanAlong(data, width, rule.y1 + 1, rule.x0, rule.x1) < EDGE) rule.y1++;
    out ??= Uint8Array.from(data);
    paintOver(out, width, height, rule, groundOf(data));
  }
  return out ? { data: out, width, height } : line;
}

/** The first and last column holding ink, or undefined for a blank line. */
function inkColumns({ data, width, height }: GrayImage): { x0: number; x1: number } | undefined {
  let x0 = width,
    x1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x]! < INK) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
  return x1 < 0 ? undefined : { x0, x1: x1 + 1 };
}

function longestRun(data: Uint8Array, start: number, width: number): { x0: number; x1: number; length: number } {
  let best = { x0: 0, x1: 0, length: 0 },
    from = -1;
  for (let x = 0; x <= width; x++) {
    const ink = x < width && data[start + x]! < RULE_INK;
    if (ink && from < 0) from = x;
    if (!ink && from >= 0) {
      if (x - from > best.length) best = { x0: from, x1: x, length: x - from };
      from = -1;
    }
  }
  return best;
}

function meanAlong(data: Uint8Array, width: number, y: number, x0: number, x1: number): number {
  let sum = 0;
  for (let x = x0; x < x1; x++) sum += data[y * width + x]!;
  return sum / Math.max(1, x1 - x0);
}

/** The lightest tenth's level: the ground of a dark-on-light line. */
function groundOf(data: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const value of data) counts[value]!++;
  let seen = 0;
  for (let value = 255; value >= 0; value--) if ((seen += counts[value]!) >= 0.1 * data.length) return value;
  return 255;
}

/**
 * The rule's rows set to the ground along it, except where a glyph is drawn on it. A column where
 * a glyph's stroke crosses the rule (ink within two rows above and below) is bridged linearly
 * from the pixels outside. Between crossings and blank columns (no ink above or below the rule
 * at all: the gaps between glyphs) lie pieces of the rule; a piece shut in by crossings on both
 * sides is inside a closed glyph (an "o") and goes. Any other piece touched by a glyph from one
 * side is that glyph's own bar or spine, drawn where the rule runs (an "e"'s bar after its stem up
 * to its arc coming down onto it, an "s"'s spine between its arcs), and is kept.
 */
function paintOver(
  out: Uint8Array,
  width: number,
  height: number,
  rule: { y0: number; y1: number; x0: number; x1: number },
  ground: number,
): void {
  const above = Math.max(0, rule.y0 - 1),
    below = Math.min(height - 1, rule.y1 + 1);
  const darkest = (x: number, y0: number, y1: number) => {
    let value = 255;
    for (let y = Math.max(0, y0); y <= Math.min(height - 1, y1); y++) value = Math.min(value, out[y * width + x]!);
    return value;
  };
  const x0 = Math.max(0, rule.x0 - 1),
    x1 = Math.min(width, rule.x1 + 1),
    count = x1 - x0;
  const inkAbove = (x: number) => darkest(x, rule.y0 - 2, rule.y0 - 1) < INK;
  const inkBelow = (x: number) => darkest(x, rule.y1 + 1, rule.y1 + 2) < INK;
  const blank = (x: number) => darkest(x, 0, rule.y0 - 1) >= INK && darkest(x, rule.y1 + 1, height - 1) >= INK;
  const crossed = Array.from({ length: count }, (_, i) => inkAbove(x0 + i) && inkBelow(x0 + i));
  // Touching: ink in the very row beside the rule (a "c"'s end stops short of where an "e"'s arc meets its bar).
  const touchAbove = (x: number) => out[above * width + x]! < INK,
    touchBelow = (x: number) => out[below * width + x]! < INK;
  const oneSide = Array.from({ length: count }, (_, i) => touchAbove(x0 + i) !== touchBelow(x0 + i));
  // Where a glyph touches the rule from one side, the other side is open for a while: an "e"'s
  // opening under its bar, where a "c"'s two ends both come near the rule.
  const reach = Math.max(3, Math.round(OPENING * height));
  const opensAway = (x: number) =>
    touchAbove(x) ? darkest(x, below + 1, below + reach) >= INK : darkest(x, above - reach, above - 1) >= INK;
  const empty = Array.from({ length: count }, (_, i) => blank(x0 + i));
  const kept = new Array<boolean>(count).fill(false);
  for (let a = 0; a < count; a++) {
    if (crossed[a] || empty[a]) continue;
    let b = a;
    while (b < count && !crossed[b] && !empty[b]) b++;
    const afterStroke = a > 0 && crossed[a - 1]!,
      beforeStroke = b < count && crossed[b]!;
    if (!(afterStroke && beforeStroke)) {
      // A crossing stroke's anti-aliased edge is not a glyph touching the rule from one side.
      const from = afterStroke ? a + STROKE_EDGE : a,
        to = beforeStroke ? b - STROKE_EDGE : b;
      let first = -1,
        last = -1;
      for (let i = from; i < to; i++)
        if (oneSide[i]) {
          if (first < 0) first = i;
          last = i;
        }
      const keepFrom = afterStroke ? a : first,
        keepTo = beforeStroke ? b - 1 : last;
      const open = (afterStroke || opensAway(x0 + first)) && (beforeStroke || opensAway(x0 + last));
      if (first >= 0 && open && keepTo - keepFrom + 1 <= GLYPH_BAR * height) kept.fill(true, keepFrom, keepTo + 1);
    }
    a = b - 1;
  }
  for (let x = x0; x < x1; x++) {
    if (kept[x - x0]) continue;
    const top = out[above * width + x]!,
      bottom = out[below * width + x]!;
    for (let y = rule.y0; y <= rule.y1; y++) {
      const t = (y - above) / Math.max(1, below - above);
      out[y * width + x] = crossed[x - x0] ? Math.round(top + (bottom - top) * t) : ground;
    }
  }
}
