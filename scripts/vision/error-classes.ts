// What the remaining OCR errors on the widened corpus are, by class, with examples: each frame read
// whole by the screen reader with its recorded corners (as `npm run bench widened` does), rows
// paired with the truth's rows as the line CER pairs them (ocr-metrics.ts), then
//   missed row       a truth row no read row was paired with (all its words lost, all its characters),
//   misread word     a truth word of a paired row not among the words read (with the nearest word read),
//   extra row        a read row paired with no truth row (an icon read as text, noise),
//   row edits        the edit distance of paired rows (misreads, split or joined words, punctuation).
// Prints counts, recall words lost and CER characters per class, and examples.
// Also prints the bench's figures (word recall and line CER averaged per frame), so a variant of
// the reader's options can be compared on the same frames:
//   node --import tsx scripts/vision/error-classes.ts [CORPUS_DIR] [--width=N] [--reread=X] [--keep-bar-icons]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import { editDistance, normaliseText } from '../../src/core/vision/text-distance.js';
import type { RecordedTruth } from '../../src/sim/bench/frame-recorder.js';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? join(import.meta.dirname, '../../test/fixtures/ocr-corpus-wide');
const option = (name: string) => {
  const value = args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return value === undefined ? undefined : Number(value);
};
const options = {
  width: option('width'),
  rereadBelow: option('reread'),
  keepBarIcons: args.includes('--keep-bar-icons'),
};
const index = (JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { dir: string; stem: string }[]).filter(
  (e) => !('fault' in e),
);
const words = (line: string) =>
  normaliseText(line)
    .split(' ')
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);

interface Tally {
  count: number;
  wordsLost: number;
  chars: number;
  examples: string[];
}
const classes: Record<string, Tally> = {};
const add = (name: string, wordsLost: number, chars: number, example: string) => {
  const t = (classes[name] ??= { count: 0, wordsLost: 0, chars: 0, examples: [] });
  t.count++;
  t.wordsLost += wordsLost;
  t.chars += chars;
  if (t.examples.length < (process.env.ALL ? 1000 : 8)) t.examples.push(example);
};
let truthWords = 0,
  truthChars = 0,
  recallSum = 0,
  cerSum = 0;

const pool = await TesseractPool.start(1);
for (const e of index) {
  const truth = JSON.parse(readFileSync(join(dir, e.dir, `${e.stem}.truth.json`), 'utf8')) as RecordedTruth;
  const reading = await new ScreenReader(
    pool,
    { kind: 'camera', calibration: { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners } },
    options,
  ).read(readFileSync(join(dir, e.dir, `${e.stem}.camera.jpg`)));
  recallSum += wordRecall(truthLines(truth.texts), truthLines(reading.model.lines));
  cerSum += lineCharacterErrorRate(truthLines(truth.texts), truthLines(reading.model.lines));
  const t = truthLines(truth.texts).map(normaliseText).filter(Boolean);
  const r = truthLines(reading.model.lines).map(normaliseText).filter(Boolean);
  const where = `${e.dir}/${e.stem}`;
  truthWords += t.flatMap(words).length;
  truthChars += t.reduce((s, l) => s + l.length, 0);
  const pairs = t
    .flatMap((a, i) => r.map((b, j) => ({ i, j, d: editDistance(a, b) })))
    .filter((p) => p.d < Math.max(t[p.i]!.length, r[p.j]!.length))
    .sort((a, b) => a.d - b.d);
  const pairOfT = new Map<number, number>(),
    usedR = new Set<number>();
  for (const p of pairs) {
    if (pairOfT.has(p.i) || usedR.has(p.j)) continue;
    pairOfT.set(p.i, p.j);
    usedR.add(p.j);
  }
  // Words read anywhere on the frame (recall is order-insensitive over the frame).
  const available = new Map<string, number>();
  for (const w of r.flatMap(words)) available.set(w, (available.get(w) ?? 0) + 1);
  const take = (w: string) => {
    const n = available.get(w) ?? 0;
    if (n > 0) available.set(w, n - 1);
    return n > 0;
  };
  t.forEach((line, i) => {
    const j = pairOfT.get(i);
    if (j === undefined) {
      const lost = words(line).filter((w) => !take(w)).length;
      add('missed row', lost, line.length, `${where}: "${line}"`);
      return;
    }
    const d = editDistance(line, r[j]!);
    for (const w of words(line))
      if (!take(w)) {
        const near = words(r[j]!).sort((a, b) => editDistance(a, w) - editDistance(b, w))[0] ?? '';
        add('misread word', 1, 0, `${where}: "${w}" read "${near}" in "${r[j]}"`);
      }
    if (d > 0) add('row edits', 0, d, `${where}: "${line}" read "${r[j]}" (${d})`);
  });
  r.forEach((line, j) => {
    if (usedR.has(j)) return;
    const kind = line.replace(/[^\p{L}\p{N}]/gu, '').length <= 3 ? 'extra row (<= 3 letters: icon-like)' : 'extra row';
    add(kind, 0, line.length, `${where}: "${line}"`);
  });
}
await pool.close();
process.stdout.write(
  `${index.length} frames, ${truthWords} truth words, ${truthChars} truth characters; options ${JSON.stringify(options)}\n` +
    `word recall ${((100 * recallSum) / index.length).toFixed(1)} %, line CER ${((100 * cerSum) / index.length).toFixed(1)} % (per-frame means, as the bench)\n`,
);
for (const [name, t] of Object.entries(classes).sort(
  (a, b) => b[1].chars + b[1].wordsLost - a[1].chars - a[1].wordsLost,
))
  process.stdout.write(
    `\n${name}: ${t.count}; recall words lost ${t.wordsLost} (${((100 * t.wordsLost) / truthWords).toFixed(1)} pt); CER chars ${t.chars} (${((100 * t.chars) / truthChars).toFixed(1)} pt of the pooled CER)\n  ${t.examples.join('\n  ')}\n`,
  );
