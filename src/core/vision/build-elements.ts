// Builds the element model from OCR lines and layout hints: lines inside a button or field shape
// become that element; a toggle takes the label on its row; the other lines are joined into text
// blocks where layout says a line wrapped (same size, same column, close below a long line).
// Every element is placed in the innermost region holding its centre. Pure.
import type { Size } from './calibration.js';
import type { ElementKind, LayoutHints, ScreenElement, ScreenRegion, ShapeHint } from './screen-elements.js';
import { centreOf, unionBox, withReadFrom, type Box, type OcrLine } from './ocr-line.js';
import { markDialogButtons } from './dialog-buttons.js';

/** Android's status bar is 24 dp of about 800; the gesture/navigation bar 48 dp. */
export const STATUS_BAR_SHARE = 0.035;
export const NAVIGATION_BAR_SHARE = 0.06;

/** An outlined field's text starts within this share of its width from its left edge... */
const FIELD_TEXT_START = 0.25;
/** ...and its centre lies at least this share of the width left of the box's centre. */
const FIELD_TEXT_OFF_CENTRE = 0.15;
/** A title is this much taller than the screen's usual line. */
const TITLE_HEIGHT_RATIO = 1.2;
/** A title's letters are wider than the body's by this much (20 dp bold over 16 dp regular: 1.3). */
const TITLE_LETTER_RATIO = 1.15;

interface Draft {
  kind: ElementKind;
  lines: OcrLine[];
  box?: Box;
  state: ShapeHint['state'];
  evidence: ScreenElement['evidence'];
}

export function buildElements(
  deviceSize: Size,
  lines: OcrLine[],
  hints: LayoutHints = {},
): { elements: ScreenElement[]; regions: ScreenRegion[] } {
  const regions = baseRegions(deviceSize, hints);
  const evidence = hints.evidence ?? 'layout';
  const strays = new Set<OcrLine>();
  const free = new Set(lines.flatMap((line) => peelStrays(line, strays)));
  const drafts: Draft[] = [];
  for (const shape of hints.shapes ?? []) {
    const candidates = [...free].filter((line) => !strays.has(line));
    const within = shape.icon
      ? []
      : shape.kind === 'toggle' || shape.kind === 'checkbox'
        ? wholeLabel(rowLabel(shape.box, candidates), candidates, (line) => regionOf(regions, line.box).box)
        : candidates.filter((line) => inside(centreOf(line.box), shape.box));
    // Beside a real label, a line of one or two characters is an icon or the shape's own edge.
    // A short word right before the label, on its row, is the label's first word ("I agree", read
    // as "I" and "agree"), not an icon.
    const long = within.filter((line) => line.text.trim().length > 2);
    const taken = long.length
      ? within.filter((line) => line.text.trim().length > 2 || long.some((label) => leadsInto(line, label)))
      : within;
    const kind = outlinedField(shape, taken) ? 'field' : shape.kind;
    const state = kind === shape.kind ? shape.state : { focused: false };
    if (kind === 'field' && taken.length > 1) {
      // A field's first line is its label (what a step names); what is typed in it is its own text.
      const [label, ...value] = taken;
      drafts.push({ kind: 'field', lines: [label!], box: shape.box, state, evidence });
      drafts.push({ kind: 'text', lines: value, state: {}, evidence: 'layout' });
    } else if (taken.length || kind === 'field' || shape.icon) {
      drafts.push({
        kind,
        lines: taken,
        box:
          shape.kind === 'toggle' || shape.kind === 'checkbox'
            ? unionBox([shape.box, ...taken.map((l) => l.box)])
            : shape.box,
        state,
        evidence,
      });
    }
    taken.forEach((line) => free.delete(line));
  }
  drafts.push(...textBlocks([...free], (line) => regionOf(regions, line.box)));
  // A field or an icon-only button is a target with no text of its own.
  const elements = drafts
    .filter((d) => d.lines.length || d.kind === 'field' || d.kind === 'button')
    .map((draft) => finish(draft, regions));
  markTitles(elements, regions);
  markDialogButtons(elements, regions);
  elements.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  elements.forEach((element, index) => {
    element.id = `e${index + 1}`;
  });
  return { elements, regions };
}

/**
 * An outlined box (its strokes run 150 dp or more: detect-lines.ts) whose text starts at its
 * left, well off its centre, is a text field (Material's outlined field; its hint "Add" beside a "+" on a real app),
 * not an outlined button: a button's label is centred. Its focus is not known, so it is taken as
 * unfocused (the agent taps a field before typing into it).
 */
function outlinedField(shape: ShapeHint, lines: OcrLine[]): boolean {
  if (shape.kind !== 'button' || !shape.outlined || !lines.length) return false;
  const { box } = shape;
  const left = Math.min(...lines.map((line) => line.box.x));
  const centre = centreOf(unionBox(lines.map((line) => line.box))).x;
  return left - box.x < FIELD_TEXT_START * box.width && centre < box.x + (0.5 - FIELD_TEXT_OFF_CENTRE) * box.width;
}

function baseRegions(deviceSize: Size, hints: LayoutHints): ScreenRegion[] {
  const { width, height } = deviceSize;
  const status = Math.round(height * STATUS_BAR_SHARE),
    navigation = Math.round(height * NAVIGATION_BAR_SHARE);
  const evidence = hints.evidence ?? 'layout';
  return [
    {
      id: 'content',
      kind: 'content',
      box: { x: 0, y: status, width, height: height - status - navigation },
      unasked: false,
      evidence: 'layout',
    },
    {
      id: 'status_bar',
      kind: 'status_bar',
      box: { x: 0, y: 0, width, height: status },
      unasked: false,
      evidence: 'layout',
    },
    {
      id: 'navigation_bar',
      kind: 'navigation_bar',
      box: { x: 0, y: height - navigation, width, height: navigation },
      unasked: false,
      evidence: 'layout',
    },
    ...(hints.regions ?? []).map((hint, index): ScreenRegion => ({
      id: `${hint.kind}${index + 1}`,
      kind: hint.kind,
      box: hint.box,
      unasked: hint.unasked ?? hint.kind === 'banner',
      evidence,
    })),
  ];
}

/**
 * A word of one or two characters standing apart at the start or end of a line is not part of
 * the label: it is an icon or a button's rounded edge read as a letter ("C Network internet").
 * It becomes a line of its own, so the label stays whole and the stray stays visible.
 */
function peelStrays(line: OcrLine, strayLines: Set<OcrLine>): OcrLine[] {
  const words = [...line.words];
  const strays: OcrLine['words'] = [];
  const apart = (a: OcrLine['words'][number], b: OcrLine['words'][number]) =>
    b.box.x - (a.box.x + a.box.width) >= Math.max(a.box.height, b.box.height);
  while (words.length > 1 && words[0]!.text.length <= 2 && apart(words[0]!, words[1]!)) strays.push(words.shift()!);
  while (words.length > 1 && words.at(-1)!.text.length <= 2 && apart(words.at(-2)!, words.at(-1)!))
    strays.push(words.pop()!);
  if (!strays.length) return [line];
  const asLine = (w: OcrLine['words']): OcrLine =>
    withReadFrom(
      {
        text: w.map((x) => x.text).join(' '),
        box: unionBox(w.map((x) => x.box)),
        confidence: Math.min(...w.map((x) => x.confidence)),
        words: w,
      },
      [line],
    );
  const peeled = strays.map((w) => asLine([w]));
  peeled.forEach((stray) => strayLines.add(stray));
  return [asLine(words), ...peeled];
}

/** The innermost region holding the box's centre: hinted panels first, then the bars, then content. */
export function regionOf(regions: ScreenRegion[], box: Box): ScreenRegion {
  const centre = centreOf(box);
  const holding = regions.filter((region) => inside(centre, region.box));
  const panels = holding.filter((r) => r.kind !== 'content' && r.kind !== 'status_bar' && r.kind !== 'navigation_bar');
  if (panels.length) return panels.reduce((a, b) => (area(b.box) < area(a.box) ? b : a));
  return holding.find((r) => r.kind !== 'content') ?? regions[0]!;
}

/** A line ends within a letter's height before another starts, on the same row. */
function leadsInto(short: OcrLine, label: OcrLine): boolean {
  const gap = label.box.x - (short.box.x + short.box.width);
  return (
    gap >= -2 &&
    gap <= label.box.height &&
    Math.abs(centreOf(short.box).y - centreOf(label.box).y) <= label.box.height / 2
  );
}

/** The label of a toggle or checkbox: the lines on its row, to its left (or right of a checkbox). */
function rowLabel(box: Box, lines: OcrLine[]): OcrLine[] {
  const middle = box.y + box.height / 2,
    reach = Math.max(box.height, 40);
  return lines.filter(
    (line) =>
      Math.abs(centreOf(line.box).y - middle) <= reach &&
      (line.box.x + line.box.width <= box.x + 4 || line.box.x >= box.x + box.width - 4),
  );
}

/**
 * A toggle's label whole: the lines on its row and every line that wraps on from them or into
 * them (textBlocks' rule). A settings switch sits level with the middle of its summary; a summary
 * of three lines reached past the row, and its last line was left out of the label ("be started
 * without root access", when the camera found Activity Launcher's switch).
 */
function wholeLabel(row: OcrLine[], lines: OcrLine[], regionBox: (line: OcrLine) => Box): OcrLine[] {
  const label = new Set(row);
  for (let grown = row.length > 0; grown;) {
    grown = false;
    for (const line of lines) {
      if (label.has(line)) continue;
      const joins = [...label].some(
        (taken) => continues(taken, line, regionBox(taken)) || continues(line, taken, regionBox(line)),
      );
      if (!joins) continue;
      label.add(line);
      grown = true;
    }
  }
  return lines.filter((line) => label.has(line));
}

/** Joins lines that wrapped: same region, same size, same column, close below a line that ran long. */
function textBlocks(lines: OcrLine[], region: (line: OcrLine) => ScreenRegion): Draft[] {
  const sorted = joinRows(lines).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const blocks: { lines: OcrLine[]; region: ScreenRegion }[] = [];
  for (const line of sorted) {
    const home = region(line);
    const block = blocks.find(
      (b) =>
        b.region === home &&
        continues(b.lines.at(-1)!, line, home.box) &&
        !(home.kind === 'banner' && titleOverBody(b, blocks, line)),
    );
    if (block) block.lines.push(line);
    else blocks.push({ lines: [line], region: home });
  }
  return blocks.map((block) => ({ kind: 'text', lines: block.lines, state: {}, evidence: 'layout' }));
}

/**
 * A notification's title and its body are two texts: the title is one line (Android ellipsizes
 * it), so the banner's first line takes no continuation, and a line in a bolder, wider hand above
 * a plainer one is a title over its body, however far the title ran.
 */
function titleOverBody(
  block: { lines: OcrLine[]; region: ScreenRegion },
  blocks: { lines: OcrLine[]; region: ScreenRegion }[],
  next: OcrLine,
): boolean {
  const first = blocks.find((b) => b.region === block.region) === block && block.lines.length === 1;
  const above = block.lines.at(-1)!;
  const bolder =
    letters(above.text) >= 6 && letters(next.text) >= 6 && letterWidth(above) >= TITLE_LETTER_RATIO * letterWidth(next);
  return first || bolder;
}

/** Pieces of one line read apart (two text runs, a word OCR set off) join when they sit side by side, close. */
function joinRows(lines: OcrLine[]): OcrLine[] {
  const rows: OcrLine[] = [];
  for (const line of [...lines].sort((a, b) => a.box.x - b.box.x)) {
    const h = line.box.height;
    const left = rows.find((r) => {
      const overlap = Math.min(r.box.y + r.box.height, line.box.y + h) - Math.max(r.box.y, line.box.y);
      const gap = line.box.x - (r.box.x + r.box.width);
      return (
        overlap >= 0.6 * Math.min(h, r.box.height) &&
        Math.abs(r.box.height - h) <= 0.3 * h &&
        gap >= -0.2 * h &&
        gap <= 0.8 * h
      );
    });
    if (!left) {
      rows.push(line);
      continue;
    }
    const joined = withReadFrom(
      {
        text: `${left.text} ${line.text}`,
        box: unionBox([left.box, line.box]),
        confidence: Math.min(left.confidence, line.confidence),
        words: [...left.words, ...line.words],
      },
      [left, line],
    );
    rows.splice(rows.indexOf(left), 1, joined);
  }
  return rows;
}

function continues(previous: OcrLine, next: OcrLine, within: Box): boolean {
  const h = (previous.box.height + next.box.height) / 2;
  const sameSize = Math.abs(previous.box.height - next.box.height) <= 0.3 * h || sameLetters(previous, next, h);
  const gap = next.box.y - (previous.box.y + previous.box.height);
  const close = gap >= -0.3 * h && gap <= 0.9 * h;
  const sameLeft = Math.abs(previous.box.x - next.box.x) <= h;
  const sameCentre = Math.abs(centreOf(previous.box).x - centreOf(next.box).x) <= h;
  // A line wraps because the next word did not fit: the line before, plus a space and the next
  // line's first word, would have crossed the column's right margin (taken as wide as the left one).
  const margin = Math.max(0, previous.box.x - within.x);
  const columnRight = sameLeft ? within.x + within.width - margin : within.x + within.width;
  const firstWord = next.words[0]?.box.width ?? next.box.width;
  const ranLong = previous.box.x + previous.box.width + 0.3 * h + firstWord >= columnRight - 0.5 * h;
  // Centred lines give no margin to measure: stacked close and centred on each other, they are one
  // label (a button's two lines); separate centred labels sit farther apart than 0.9 of a line.
  if (!sameLeft && sameCentre) return sameSize && close;
  return sameSize && close && (sameLeft || sameCentre) && ranLong;
}

/**
 * Lines of one text size whose heights differ by their glyphs: a line with descenders
 * ("Featherstonehaugh-", 67 px) over one without ("Wolstenholme! Your", 49 px) in one paragraph is
 * 30 % taller, and the reader's boxes move a few pixels from frame to frame. Letters of about one
 * width say one size where heights cannot (markTitles: a title's letters are wider); heights
 * further apart than half a line are two sizes whatever the letters.
 */
function sameLetters(a: OcrLine, b: OcrLine, meanHeight: number): boolean {
  if (Math.abs(a.box.height - b.box.height) > 0.5 * meanHeight) return false;
  if (letters(a.text) < 6 || letters(b.text) < 6) return false;
  const [narrower, wider] = [letterWidth(a), letterWidth(b)].sort((x, y) => x - y) as [number, number];
  return wider < TITLE_LETTER_RATIO * narrower;
}

/**
 * Wrapped lines (top to bottom) as one text: a space between them, none after a word broken at
 * its hyphen ("Featherstonehaugh-" + "Wolstenholme") or inside a word too long for the column,
 * whose right edge is `columnRight`.
 */
export function joinWrapped(lines: OcrLine[], columnRight: number): string {
  return lines
    .reduce((joined, line, index) => {
      const text = line.text.trim();
      if (!index) return text;
      const glued = /\p{L}-$/u.test(joined) || brokenWord(lines[index - 1]!, line, columnRight);
      return glued ? `${joined}${text}` : `${joined} ${text}`;
    }, '')
    .replace(/\s+/g, ' ');
}

/** A word this long alone on a line is an identifier, a path or an address, not a word of prose. */
const BROKEN_WORD_CHARACTERS = 12;

/**
 * Android breaks a line inside a word only when the word alone is wider than the line
 * ("de.szalkowski.activitylauncher" over ".MainActivity"): a line of one long word that fills its
 * column to within a letter of the right edge, with the next line below it, goes on in the next
 * line's first word. A line that stops short of the edge ended where its text did (a hard break).
 */
function brokenWord(line: OcrLine, next: OcrLine, columnRight: number): boolean {
  const text = line.text.trim();
  const h = line.box.height;
  return (
    !/\s/.test(text) &&
    text.length >= BROKEN_WORD_CHARACTERS &&
    line.box.x + line.box.width >= columnRight - 0.8 * h &&
    next.box.y >= line.box.y + 0.7 * h
  );
}

/**
 * A focused field's caret read as a "|" glued to the typed text ("Jo Smith-Brown|"): not part of
 * the text. Only the bar, glued to a last word: a caret read as l, I or 1 could be a real letter
 * ("Paul"), and the matchers allow for those (ocr-confusions.ts caretReadings).
 */
export const withoutCaret = (text: string): string => text.replace(/(?<=\S)\|$/, '');

function finish(draft: Draft, regions: ScreenRegion[]): ScreenElement {
  const lines = [...draft.lines].sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  const textBox = lines.length ? unionBox(lines.map((l) => l.box)) : draft.box!;
  const box = draft.box ?? textBox;
  const region = regionOf(regions, box);
  // The text's column: its container's width less the left margin taken again on the right.
  const container = draft.box ?? region.box;
  const columnRight = container.x + container.width - Math.max(0, textBox.x - container.x);
  return {
    id: '',
    kind: draft.kind,
    text: withoutCaret(joinWrapped(lines, columnRight)),
    box,
    textBox,
    lines,
    confidence: lines.length ? Math.min(...lines.map((l) => l.confidence)) : 0,
    region: region.id,
    state: { ...(draft.state ?? {}) },
    evidence: draft.evidence,
  };
}

/**
 * The screen's title (a larger line at the top of the content) and each panel's first line.
 * Larger by height or by width per letter: a line's height depends on its descenders ("Account"
 * in 20 dp bold is no taller than "ada@example.com" in 16 dp), its letters' width does not.
 */
function markTitles(elements: ScreenElement[], regions: ScreenRegion[]): void {
  const lines = elements.flatMap((e) => e.lines);
  const usualHeight = median(lines.map((l) => l.box.height));
  const usualLetter = median(lines.filter((l) => letters(l.text) >= 4).map(letterWidth));
  const content = regions[0]!;
  const top = elements
    .filter(
      (e) => e.kind === 'text' && e.region === content.id && e.textBox.y < content.box.y + content.box.height * 0.25,
    )
    .sort((a, b) => a.box.y - b.box.y)[0];
  const first = top?.lines[0];
  const larger =
    first &&
    (first.box.height >= TITLE_HEIGHT_RATIO * usualHeight ||
      (letters(first.text) >= 3 && letterWidth(first) >= TITLE_LETTER_RATIO * usualLetter));
  if (top && larger) top.kind = 'title';
  for (const region of regions.slice(3)) {
    const first = elements.filter((e) => e.region === region.id).sort((a, b) => a.box.y - b.box.y)[0];
    if (first) region.title = first.text;
  }
}

const letters = (text: string): number => text.replace(/\s/g, '').length;
const letterWidth = (line: OcrLine): number => line.box.width / Math.max(1, letters(line.text));
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const inside = (point: { x: number; y: number }, box: Box): boolean =>
  point.x >= box.x && point.x <= box.x + box.width && point.y >= box.y && point.y <= box.y + box.height;
const area = (box: Box): number => box.width * box.height;
