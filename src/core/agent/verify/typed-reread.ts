// Typing's second look (issue 27 item 2): when the typed text is not read back from the whole
// screen, the field it went into is read again ALONE, as one line, twice: once constrained to the
// characters that were typed (and the ones OCR confuses them with), once free. Typing is verified
// only when both readings are explained character by character, each difference a documented OCR
// confusion (ocr-confusions.ts: O/0, l/1/I, S/5, m/rn ...) and a caret at the end left out.
//
// Why both: a constrained reading cannot show a character it is not allowed, so a "3" in the field
// where "2" was typed may be forced to read "2" (no such character allowed): the constraint must
// never make a wrong text read as the typed one. The free reading of the same crop shows the "3"
// and vetoes. When the readings differ, the message says which characters differ (the constrained
// reading first: the closest to what was typed). A secret is never checked by reading (its
// expectation is none: action-tools.ts), so nothing here ever holds one.
import type { FieldReading, Observation, ObserverPort } from '../../ports/observer.js';
import { caretReadings, confusionPartners, foldConfusions } from '../../vision/ocr-confusions.js';
import type { Box } from '../../vision/ocr-line.js';
import type { ScreenElement } from '../../vision/screen-elements.js';
import { characterDifferences, describeDifferences } from '../../vision/text-difference.js';
import { similarity } from '../../vision/text-distance.js';
import type { Expectation } from '../tools/tool.js';

export type TypedReread =
  | { met: true; detail: string }
  | { met: false; detail: string }
  /** Nothing to read again (not a typed text, no picture, no field found). */
  | undefined;

/** Typing's check (text_appears, ending) failed on `after`: read the typed field again. */
export async function rereadTyped(
  observer: ObserverPort,
  before: Observation,
  after: Observation,
  expectation: Expectation,
): Promise<TypedReread> {
  if (expectation.kind !== 'text_appears' || !expectation.where?.ending || !observer.readField) return undefined;
  const typed = expectation.text;
  const box = typedFieldBox(before, after, typed);
  if (!box) return undefined;
  const [constrained, free] = await Promise.all([
    observer.readField(after, box, { allowed: allowedCharacters(typed) }),
    observer.readField(after, box),
  ]);
  if (!constrained || !free) return undefined;
  const judged = [constrained, free].map((reading) => explained(typed, reading));
  if (judged.every((j) => j.ok))
    return {
      met: true,
      detail: `"${typed}" is in the field, read again alone as one line ("${judged[1]!.reading}"; limited to the typed characters: "${judged[0]!.reading}"), every character the typed one or an OCR confusion of it`,
    };
  // The free reading says what differs when it disagrees: the constrained one may have been forced to a typed character.
  const worst = judged[1]!.ok ? judged[0]! : judged[1]!;
  return {
    met: false,
    detail: `the field read again alone reads "${worst.reading}"${worst === judged[0] ? ' (limited to the typed characters)' : ''}: against what was typed, ${describeDifferences(typed, worst.reading)}`,
  };
}

/** The typed characters, both cases, and what OCR confuses each with: the reading's whitelist. */
export function allowedCharacters(typed: string): string {
  return [...new Set([...typed].flatMap((c) => (c === ' ' ? [c] : confusionPartners(c))))].join('');
}

/**
 * Every difference between the typed text and the reading's end (a caret at its end left out, the
 * spaces OCR adds inside a code dropped when none was typed) is an OCR confusion. A field holding
 * more before the typed text (a value typed onto) is allowed: typing shows as the field's end.
 */
export function explained(typed: string, reading: FieldReading): { ok: boolean; reading: string } {
  const spaced = /\s/.test(typed);
  const candidates = [...new Set([...caretReadings(reading.text), reading.text.replace(CARET, '')])].map((r) =>
    spaced ? r : r.replace(/\s+/g, ''),
  );
  const ok = candidates.some((candidate) =>
    // The end as long as the typed text, give or take what a two-letter confusion (rn for m) adds.
    [0, 1, 2, -1, -2].some((more) => {
      const length = typed.length + more;
      if (length <= 0 || length > candidate.length) return false;
      return characterDifferences(typed, candidate.slice(candidate.length - length)).every(
        (d) => foldConfusions(d.typed) === foldConfusions(d.read),
      );
    }),
  );
  return { ok, reading: candidates.at(-1) ?? '' };
}

/** The caret read alone at a field's end, where a line read sees its foot as a comma or a point too. */
const CARET = /\s?[|\]lI1!,.]$/;

/**
 * Where the typed text is: the row of text new since before typing that is most like it, or else
 * the focused field's value row (the field's box below its label). Device pixels.
 */
export function typedFieldBox(before: Observation, after: Observation, typed: string): Box | undefined {
  const fresh = after.screen.elements.filter(
    (e) => e.kind !== 'field' && !before.screen.elements.some((b) => b.text === e.text && near(b.box, e.box)),
  );
  const best = fresh
    .filter((e) => similarity(e.text, typed) >= 0.4)
    .sort((a, b) => similarity(b.text, typed) - similarity(a.text, typed))[0];
  const field = after.screen.elements.find(
    (e) => e.kind === 'field' && (best ? contains(e.box, best.textBox) : e.state.focused),
  );
  if (best) return field ? { ...best.textBox, x: field.box.x, width: field.box.width } : best.textBox;
  return field ? valueRow(field) : undefined;
}

/** A field's box below its label (the label is the field's text, read at the top of its box). */
function valueRow(field: ScreenElement): Box {
  const labelBottom = field.textBox.y + field.textBox.height;
  const top = labelBottom > field.box.y && labelBottom < field.box.y + field.box.height / 2 ? labelBottom : field.box.y;
  return { x: field.box.x, y: top, width: field.box.width, height: field.box.y + field.box.height - top };
}

const near = (a: Box, b: Box) => Math.abs(a.x - b.x) < 12 && Math.abs(a.y - b.y) < 12;
const contains = (outer: Box, inner: Box) =>
  inner.y >= outer.y - 4 &&
  inner.y + inner.height <= outer.y + outer.height + 4 &&
  inner.x >= outer.x - 4 &&
  inner.x < outer.x + outer.width;
