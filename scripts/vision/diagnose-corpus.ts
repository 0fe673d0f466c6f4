// Prints, per frame of the widened corpus, word recall and line CER of the screen reader (a whole
// read with the recorded corners); named frames also print the truth rows and the lines read.
//   node --import tsx scripts/vision/diagnose-corpus.ts all | DIR/STEM...
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
const dir = 'test/fixtures/ocr-corpus-wide';
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
const pool = await TesseractPool.start(1);
for (const e of index.filter(
  (x: { dir: string; stem: string }) =>
    process.argv.slice(2).includes(`${x.dir}/${x.stem}`) || process.argv[2] === 'all',
)) {
  const truth = JSON.parse(readFileSync(join(dir, e.dir, `${e.stem}.truth.json`), 'utf8'));
  const r = await new ScreenReader(pool, {
    kind: 'camera',
    calibration: { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners },
  }).read(readFileSync(join(dir, e.dir, `${e.stem}.camera.jpg`)));
  const t = truthLines(truth.texts),
    read = r.model.lines.map((l) => l.text);
  console.log(
    `${e.dir}/${e.stem} recall ${wordRecall(t, read).toFixed(2)} cer ${lineCharacterErrorRate(t, read).toFixed(2)}`,
  );
  if (process.argv[2] !== 'all') {
    console.log(' truth:', JSON.stringify(t));
    console.log(' read :', JSON.stringify(read));
  }
}
await pool.close();
