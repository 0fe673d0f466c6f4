// How well OCR read a screen against the ground truth: order-insensitive line character error
// rate and word recall. Used by the corpus tests and the benchmark. Pure.
import { editDistance, normaliseText } from './text-distance.js';

export interface TruthText {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

/** Text runs on one row (vertical centres within half a line height) joined left to right. */
export function truthLines(texts: TruthText[]): string[] {
  const rows: TruthText[][] = [];
  for (const run of [...texts].sort((a, b) => a.box.y - b.box.y)) {
    const centre = run.box.y + run.box.height / 2;
    const row = rows.find((r) => Math.abs(r[0]!.box.y + r[0]!.box.height / 2 - centre) < r[0]!.box.height / 2);
    if (row) row.push(run);
    else rows.push([run]);
  }
  return rows.map((row) =>
    row
      .sort((a, b) => a.box.x - b.box.x)
      .map((r) => r.text)
      .join(' '),
  );
}

/**
 * Each truth line is paired with the OCR line nearest in edit distance (greedy, best pairs
 * first); unpaired truth lines count whole as deletions, unpaired OCR lines as insertions.
 * Returns edits / truth characters.
 */
export function lineCharacterErrorRate(truth: string[], read: string[]): number {
  const t = truth.map(normaliseText).filter(Boolean),
    r = read.map(normaliseText).filter(Boolean);
  const pairs = t
    .flatMap((a, i) => r.map((b, j) => ({ i, j, d: editDistance(a, b) })))
    .filter((p) => p.d < Math.max(t[p.i]!.length, r[p.j]!.length))
    .sort((a, b) => a.d - b.d);
  const usedT = new Set<number>(),
    usedR = new Set<number>();
  let edits = 0;
  for (const p of pairs) {
    if (usedT.has(p.i) || usedR.has(p.j)) continue;
    usedT.add(p.i);
    usedR.add(p.j);
    edits += p.d;
  }
  t.forEach((line, i) => {
    if (!usedT.has(i)) edits += line.length;
  });
  r.forEach((line, j) => {
    if (!usedR.has(j)) edits += line.length;
  });
  const total = t.reduce((s, line) => s + line.length, 0);
  return total ? edits / total : 0;
}

/** Fraction of the truth's words (normalised, edge punctuation dropped) found among the words read. */
export function wordRecall(truth: string[], read: string[]): number {
  const words = (lines: string[]) =>
    lines
      .flatMap((l) => normaliseText(l).split(' '))
      .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      .filter(Boolean);
  const available = new Map<string, number>();
  for (const w of words(read)) available.set(w, (available.get(w) ?? 0) + 1);
  const wanted = words(truth);
  let found = 0;
  for (const w of wanted) {
    const n = available.get(w) ?? 0;
    if (n > 0) {
      found++;
      available.set(w, n - 1);
    }
  }
  return wanted.length ? found / wanted.length : 1;
}
