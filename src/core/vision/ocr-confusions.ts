// The OCR confusions a word may go through and still be itself. Two texts are the same when
// their canonical forms are equal: lower case, typographic quotes and dashes made plain, each
// documented confusion folded to one representative, outer punctuation dropped. Nothing else
// is forgiven: "on" is not "off", "shown" is not "hidden", "A7" is not "B7". Pure.

/**
 * Character sequences tesseract mistakes for each other on phone UI text, folded to the first
 * of each group. Multi-letter ones first: they are replaced before single characters.
 * Each entry was seen on camera frames of the virtual bench or is a classic of LSTM OCR.
 */
export const OCR_CONFUSIONS: readonly { group: readonly string[]; why: string }[] = [
  { group: ['m', 'rn'], why: 'r and n set close read as m, and m read as rn' },
  { group: ['d', 'cl'], why: 'c and l set close read as d' },
  { group: ['w', 'vv'], why: 'two v read as w' },
  { group: ['o', '0'], why: 'the letter O and the digit zero' },
  { group: ['l', '1', 'i', '|', '!'], why: 'lower-case l, upper-case I, the digit one and a bar' },
  { group: ['s', '5'], why: 'S and the digit five' },
  { group: ['b', '8'], why: 'B and the digit eight' },
  { group: ['z', '2'], why: 'Z and the digit two' },
  { group: ['g', '6'], why: 'G and the digit six' },
  { group: ['x', '×'], why: 'the multiplication sign read as the letter x ("1 x €29.00")' },
];

const multiLetter = OCR_CONFUSIONS.flatMap(({ group }) =>
  group.filter((s) => s.length > 1).map((s) => [s, group[0]!] as const),
);
const singleLetter = new Map(
  OCR_CONFUSIONS.flatMap(({ group }) => group.filter((s) => s.length === 1).map((s) => [s, group[0]!] as const)),
);

/**
 * Punctuation OCR adds or drops at a word's edges ("Connected." / "Connected"). A question or
 * exclamation mark is kept: "Delete account?" (a dialog asking) is not "Delete account" (a button).
 */
const OUTER_PUNCTUATION = /^[\s"'“”‘’(\[{.,:;…]+|[\s"'“”‘’)\]}.,:;…]+$/g;

/** One word in canonical form ('' for a word that is only punctuation). */
export function canonicalWord(word: string): string {
  let text = word
    .toLowerCase()
    .replace(/[‘’`´]/g, "'")
    .replace(/[–—−]/g, '-');
  const bare = text.replace(OUTER_PUNCTUATION, '');
  // A word of punctuation alone ("&", "-", "!") keeps it: it is the word.
  return foldConfusions(bare || text);
}

/** Each documented confusion folded to its group's first member, case ignored; nothing else changed (no punctuation dropped). */
export function foldConfusions(text: string): string {
  let folded = text.toLowerCase();
  for (const [from, to] of multiLetter) folded = folded.split(from).join(to);
  return [...folded].map((c) => singleLetter.get(c) ?? c).join('');
}

/** The characters OCR may read in place of `c` (its confusion group's letters, as the table spells them), `c` included. */
export function confusionPartners(c: string): string[] {
  const group = OCR_CONFUSIONS.find(({ group }) => group.includes(c.toLowerCase()))?.group ?? [];
  return [...new Set([c, ...group.flatMap((s) => [...s])])];
}

/**
 * A text as its canonical words. Words with no letter or digit ("&", "-", "•") are left out: the
 * OCR drops them as icons and invents them from specks, so they never tell two texts apart — unless
 * they are all the text has.
 */
export function canonicalWords(text: string): string[] {
  const words = text.split(/\s+/).map(canonicalWord).filter(Boolean);
  const meaningful = words.filter((word) => /[\p{L}\p{N}]/u.test(word));
  return meaningful.length ? meaningful : words;
}

/** The same text, word for word, through OCR confusions only. */
export function sameText(expected: string, seen: string): boolean {
  const a = canonicalWords(expected),
    b = canonicalWords(seen);
  if (a.length === b.length && a.every((word, i) => word === b[i])) return true;
  // OCR splits and joins words at spaces ("Network &internet"): the same letters and digits with
  // the spaces (and symbols between them) moved are the same text. Letters are never forgiven.
  const bare = (words: string[]) => words.join('').replace(/[^\p{L}\p{N}?!]/gu, '');
  return bare(a) === bare(b) && bare(a).length > 0;
}

/** `expected` appears in `seen` as a run of whole words (the explicit `contains` option). */
export function containsText(seen: string, expected: string): boolean {
  const needle = canonicalWords(expected),
    hay = canonicalWords(seen);
  if (!needle.length) return false;
  for (let start = 0; start + needle.length <= hay.length; start++) {
    if (needle.every((word, i) => hay[start + i] === word)) return true;
  }
  return false;
}

/** A focused field's caret, read by OCR as one more thin letter glued to the end ("on|", "Tl"). */
const CARET = /\s?[|lI1!]$/;

/** The reading as it is, then without a caret-like last letter (a real last "l" matches the first way). */
export function caretReadings(seen: string): string[] {
  const trimmed = seen.trim();
  const without = trimmed.replace(CARET, '');
  return without === trimmed ? [trimmed] : [trimmed, without];
}

/** Letters shown of a text's end before it counts as showing that end (fewer could be any word's). */
const ENDING_LETTERS = 6;

/**
 * `seen` shows the end of `expected`, as a one-line field scrolled to its caret shows a long
 * value: the same letters and digits to the end, the first shown word perhaps cut at its start
 * ("atherstonehaugh-Wolstenholme" for "Maximiliana Featherstonehaugh-Wolstenholme"), at least
 * six of them unless the text is shorter. A caret read as a last letter is allowed for.
 */
export function endsText(expected: string, seen: string): boolean {
  const bare = (text: string) =>
    canonicalWords(text)
      .join('')
      .replace(/[^\p{L}\p{N}?!]/gu, '');
  const whole = bare(expected);
  return caretReadings(seen).some((reading) => {
    const shown = bare(reading);
    return shown.length >= Math.min(ENDING_LETTERS, whole.length) && shown.length > 0 && whole.endsWith(shown);
  });
}
