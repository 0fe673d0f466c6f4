// How a reading of a real screen compares with its truth (real-screens-truth.ts): word recall,
// precision (of the words read inside the screen's window, below the status bar and above the
// navigation bar: the truth lists neither bar, nor the dimmed screen behind a dialog), the line
// character error rate, and per truth text its own CER (the lines read whose centre lies in its
// box, joined in reading order) and its class by the colours inside its box.
import type { OcrLine } from '../../src/core/vision/ocr-line.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import { editDistance, normaliseText } from '../../src/core/vision/text-distance.js';
import type { RealScreen, TruthText } from './real-screens-truth.js';

/** The status bar's and navigation bar's rows on these recordings (24 dp and 48 dp at 2.625 px/dp, from the view trees). */
const STATUS_BAR_BOTTOM = 63;
const NAVIGATION_BAR_TOP = 1776;

export type TextClass =
  | 'dark on light'
  | 'grey text on light (outlined chips, boxes, hints)'
  | 'light text on a mid-grey panel'
  | 'white on saturated colour'
  | 'dark theme';
export const TEXT_CLASSES: readonly TextClass[] = [
  'dark on light',
  'grey text on light (outlined chips, boxes, hints)',
  'light text on a mid-grey panel',
  'white on saturated colour',
  'dark theme',
];

export interface ScreenScore {
  truthWords: number;
  found: number;
  readWords: number;
  correct: number;
  cer: number;
  texts: { text: string; read: string; cer: number; textClass: TextClass; noise?: string }[];
}

export const wordsOf = (text: string) =>
  normaliseText(text)
    .split(' ')
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

export function scoreScreen(screen: RealScreen, lines: OcrLine[], texts = screen.texts): ScreenScore {
  const truth = texts.flatMap((text) => wordsOf(text.text));
  const [wx0, wy0, wx1, wy1] = screen.window;
  const counted = lines.filter((line) => {
    const cx = line.box.x + line.box.width / 2,
      cy = line.box.y + line.box.height / 2;
    return cy > STATUS_BAR_BOTTOM && cy < NAVIGATION_BAR_TOP && cx >= wx0 && cx <= wx1 && cy >= wy0 && cy <= wy1;
  });
  const read = counted.flatMap((line) => wordsOf(line.text));
  const rows = (list: { text: string; box: { x: number; y: number; width: number; height: number } }[]) =>
    truthLines(list.map((item) => ({ text: item.text.replace(/\s+/g, ' '), box: item.box })));
  return {
    truthWords: truth.length,
    found: Math.round(wordRecall([truth.join(' ')], [read.join(' ')]) * truth.length),
    readWords: read.length,
    correct: Math.round(wordRecall([read.join(' ')], [truth.join(' ')]) * read.length),
    cer: lineCharacterErrorRate(rows(texts.map((text) => ({ text: text.text, box: boxOf(text) }))), rows(counted)),
    texts: texts.map((text) => {
      const inside = lines
        .filter((line) => centreIn(line.box, text.box, 4))
        .sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
      const want = normaliseText(text.text),
        got = normaliseText(inside.map((line) => line.text).join(' '));
      return {
        text: text.text,
        read: got,
        cer: want.length ? Math.min(1, editDistance(want, got) / want.length) : 0,
        textClass: classify(screen, text.box),
      };
    }),
  };
}

const boxOf = (text: TruthText) => ({
  x: text.box[0],
  y: text.box[1],
  width: text.box[2] - text.box[0],
  height: text.box[3] - text.box[1],
});

function centreIn(box: OcrLine['box'], [x0, y0, x1, y1]: TruthText['box'], slack: number): boolean {
  const cx = box.x + box.width / 2,
    cy = box.y + box.height / 2;
  return cx >= x0 - slack && cx <= x1 + slack && cy >= y0 - slack && cy <= y1 + slack;
}

/**
 * A text's class by the colours inside its box: the ground is the median colour, the text the
 * pixels furthest from it in luminance (the top 3 %). Saturation is (max − min) / max.
 */
export function classify(screen: RealScreen, [x0, y0, x1, y1]: TruthText['box']): TextClass {
  const pixels: [number, number, number][] = [];
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / 4000)));
  for (let y = Math.max(0, y0); y < Math.min(screen.height, y1); y += step)
    for (let x = Math.max(0, x0); x < Math.min(screen.width, x1); x += step) {
      const i = (y * screen.width + x) * 3;
      pixels.push([screen.rgb[i]!, screen.rgb[i + 1]!, screen.rgb[i + 2]!]);
    }
  if (!pixels.length) return 'dark on light';
  const luminance = ([r, g, b]: [number, number, number]) => (0.299 * r + 0.587 * g + 0.114 * b) / 255;
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  const ground: [number, number, number] = [0, 1, 2].map((c) => median(pixels.map((p) => p[c]!))) as [
    number,
    number,
    number,
  ];
  const groundLuminance = luminance(ground);
  const byDistance = pixels
    .map((pixel) => luminance(pixel))
    .sort((a, b) => Math.abs(b - groundLuminance) - Math.abs(a - groundLuminance));
  const ink = byDistance.slice(0, Math.max(1, Math.floor(byDistance.length * 0.03)));
  const inkLuminance = ink.reduce((sum, value) => sum + value, 0) / ink.length;
  const saturation = (Math.max(...ground) - Math.min(...ground)) / Math.max(1, Math.max(...ground));
  const lighterText = inkLuminance > groundLuminance;
  if (saturation > 0.35 && groundLuminance > 0.15 && lighterText) return 'white on saturated colour';
  if (groundLuminance < 0.22) return 'dark theme';
  if (groundLuminance < 0.75 && lighterText) return 'light text on a mid-grey panel';
  if (!lighterText && inkLuminance > 0.3) return 'grey text on light (outlined chips, boxes, hints)';
  return 'dark on light';
}

/**
 * The truth's known noise (real-apps README): a label the app ellipsized keeps its text as the
 * view tree has it (full, or cut with "…"), and a Switch's ON/OFF is not drawn. Returns the texts
 * as drawn: a label with an ellipsis in its truth or in what was read in its box cut to the words
 * before it (the cut word dropped), ON/OFF of switches left out.
 */
export function withoutNoise(
  texts: TruthText[],
  readIn: (text: TruthText) => string,
): { texts: TruthText[]; ellipsized: number; switchStates: number } {
  let ellipsized = 0,
    switchStates = 0;
  const kept: TruthText[] = [];
  for (const text of texts) {
    if (/Switch/.test(text.viewClass ?? '') && /^(ON|OFF)$/.test(text.text)) {
      switchStates++;
      continue;
    }
    const read = readIn(text);
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
    if (visible.length) kept.push({ ...text, text: visible.join(' ') });
  }
  return { texts: kept, ellipsized, switchStates };
}
