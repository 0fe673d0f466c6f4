// How a reading of a real screen compares with its truth (real-screens-truth.ts): word recall,
// precision (of the words read inside the screen's window, below the status bar and above the
// navigation bar: the truth lists neither bar, nor the dimmed screen behind a dialog), the line
// per truth text its own character errors (against the lines read whose centre lies in its box,
// joined as the screen model joins wrapped lines: a paragraph is one text) and its colour class
// (real-screens-classes.ts).
import { joinWrapped } from '../../src/core/vision/build-elements.js';
import { centreOf, type OcrLine } from '../../src/core/vision/ocr-line.js';
import type { ScreenModel } from '../../src/core/vision/screen-model.js';
import { wordRecall } from '../../src/core/vision/ocr-metrics.js';
import type { TextClass } from './real-screens-classes.js';
import { editDistance, normaliseText } from '../../src/core/vision/text-distance.js';
import type { RealScreen, TruthText } from './real-screens-truth.js';

/** The status bar's and navigation bar's rows on these recordings (24 dp and 48 dp at 2.625 px/dp, from the view trees). */
const STATUS_BAR_BOTTOM = 63;
const NAVIGATION_BAR_TOP = 1776;

export interface ScreenScore {
  truthWords: number;
  found: number;
  readWords: number;
  correct: number;
  texts: { text: string; read: string; cer: number; edits: number; chars: number; textClass: TextClass }[];
}

export const wordsOf = (text: string) =>
  normaliseText(text)
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

/**
 * The words read are the screen model's: each element's text (a word the app broke over two lines
 * is one word there, as a person reads it: build-elements.ts joinWrapped) and the lines in no
 * element. A truth text's reading is the lines whose centre lies in its box, joined the same way.
 */
export function scoreScreen(
  screen: RealScreen,
  model: Pick<ScreenModel, 'lines' | 'elements'>,
  texts = screen.texts,
): ScreenScore {
  const truth = texts.flatMap((text) => wordsOf(text.text));
  const [wx0, wy0, wx1, wy1] = screen.window;
  const inWindow = (box: OcrLine['box']) => {
    const { x: cx, y: cy } = centreOf(box);
    return cy > STATUS_BAR_BOTTOM && cy < NAVIGATION_BAR_TOP && cx >= wx0 && cx <= wx1 && cy >= wy0 && cy <= wy1;
  };
  // A line is in an element when one of the element's lines (a row it joined, maybe) holds its centre.
  const inElement = (line: OcrLine) =>
    model.elements.some((element) => element.lines.some((own) => centreIn(line.box, boxOf(own.box), 0)));
  const read = [
    ...model.elements.filter((element) => element.lines.length && inWindow(element.textBox)).map((e) => e.text),
    ...model.lines.filter((line) => !inElement(line) && inWindow(line.box)).map((line) => line.text),
  ].flatMap(wordsOf);
  return {
    truthWords: truth.length,
    found: Math.round(wordRecall([truth.join(' ')], [read.join(' ')]) * truth.length),
    readWords: read.length,
    correct: Math.round(wordRecall([read.join(' ')], [truth.join(' ')]) * read.length),
    texts: texts.map((text) => {
      const inside = model.lines
        .filter((line) => centreIn(line.box, text.box, 4))
        .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
      const want = normaliseText(text.text);
      const whole = inside.length ? normaliseText(joinWrapped(inside, text.box[2])) : '';
      // An ellipsized label's truth is the words before the cut one: the read loses its cut word alike.
      const got = text.cut ? whole.replace(/\s*\S*(…|\.\.\.)$/u, '') : whole;
      const edits = Math.min(want.length, editDistance(want, got));
      return {
        text: text.text,
        read: got,
        cer: want.length ? edits / want.length : 0,
        edits,
        chars: want.length,
        textClass: text.textClass,
      };
    }),
  };
}

const boxOf = (box: OcrLine['box']): TruthText['box'] => [box.x, box.y, box.x + box.width, box.y + box.height];

function centreIn(box: OcrLine['box'], [x0, y0, x1, y1]: TruthText['box'], slack: number): boolean {
  const cx = box.x + box.width / 2,
    cy = box.y + box.height / 2;
  return cx >= x0 - slack && cx <= x1 + slack && cy >= y0 - slack && cy <= y1 + slack;
}

/** An emoji (a picture drawn from a colour font, not a letter; © ® ™ are letters here), with its variation selector. */
const PICTOGRAPH = /(?![©®™])\p{Extended_Pictographic}\uFE0F?/gu;

/**
 * The truth's known noise (real-apps README): a label the app ellipsized keeps its text as the
 * view tree has it (full, or cut with "…"), a Switch's ON/OFF is not drawn, and an emoji in a
 * text ("Tuto ❓", "TODO🗒️") is drawn as a picture, which no text reader spells; a text view cut
 * by a system bar is partly not drawn at all. Returns the texts as drawn: a label with an ellipsis
 * in its truth or in what was read in its box cut to the words before it (the cut word dropped),
 * ON/OFF of switches left out, emoji taken out of the texts, texts cut by a bar or with a blank box
 * in the screenshot left out.
 */
export function withoutNoise(
  texts: TruthText[],
  readIn: (text: TruthText) => string,
): { texts: TruthText[]; ellipsized: number; switchStates: number; pictographs: number; notDrawn: number } {
  let ellipsized = 0,
    switchStates = 0,
    pictographs = 0,
    notDrawn = 0;
  const kept: TruthText[] = [];
  for (const drawn of texts) {
    if (underNavigationBar(drawn) || drawn.blank) {
      notDrawn++;
      continue;
    }
    // A Switch's text in the view tree ends with its state ("Tidal (not installed) ON"); the state is not drawn.
    const stated = /Switch/.test(drawn.viewClass ?? '') ? /(^|\s)(ON|OFF)$/.exec(drawn.text) : null;
    if (stated) switchStates++;
    const unstated = stated ? { ...drawn, text: drawn.text.slice(0, stated.index).trim() } : drawn;
    if (!unstated.text) continue;
    const pictured = unstated.text.match(PICTOGRAPH) !== null;
    const text = pictured
      ? { ...unstated, text: unstated.text.replace(PICTOGRAPH, '').replace(/\s+/g, ' ').trim() }
      : unstated;
    if (pictured) pictographs++;
    if (!text.text) continue;
    const read = readIn(drawn);
    const drawnCut = /(…|\.\.\.)$/u.test(read) ? read.replace(/(…|\.\.\.)$/u, '') : undefined;
    const truthCut = text.text.indexOf('…');
    if (drawnCut === undefined && truthCut < 0) {
      kept.push(text);
      continue;
    }
    ellipsized++;
    const words = (truthCut >= 0 ? text.text.slice(0, truthCut) : text.text).split(/\s+/);
    const shown = drawnCut === undefined ? words.length - 1 : drawnCut.split(/\s+/).length - 1;
    const visible = words.slice(0, Math.max(0, Math.min(words.length - 1, shown)));
    if (visible.length) kept.push({ ...text, text: visible.join(' '), cut: true });
  }
  return { texts: kept, ellipsized, switchStates, pictographs, notDrawn };
}

/**
 * A text view that reaches the navigation bar's top: the view tree clips a view's bounds to its
 * window, so such a box is the visible part of a view that goes on under the bar. Which of its
 * words the bar hides is not in the truth (a paragraph's last lines, or the lower half of one
 * line's letters), so the text is left out of the truth as drawn, whole. (At the top no such rule:
 * full-screen apps draw their titles where the status bar would be.)
 */
export function underNavigationBar(text: TruthText): boolean {
  return text.box[3] >= NAVIGATION_BAR_TOP;
}
