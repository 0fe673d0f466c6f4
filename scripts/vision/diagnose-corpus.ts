// Prints, per frame of the widened corpus, word recall and line CER of the screen reader (a whole
// read with the recorded corners, by the engine the bench reads with); named frames also print the
// truth rows and the lines read.
//   node --import tsx scripts/vision/diagnose-corpus.ts all | DIR/STEM...
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ocrEngineChoice, OCR_ENGINE_VARIABLE, startOcr } from '../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
const dir = 'test/fixtures/ocr-corpus-wide';
const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
// The engine a bench reads with (the line detector where it runs; BENCHHAND_OCR_ENGINE=tesseract: tesseract alone).
const pool = await startOcr({ workers: 1, engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]) });
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
    read = truthLines(r.model.lines);
  console.log(
    `${e.dir}/${e.stem} recall ${wordRecall(t, read).toFixed(2)} cer ${lineCharacterErrorRate(t, read).toFixed(2)}`,
  );
  if (process.argv[2] !== 'all') {
    console.log(' truth:', JSON.stringify(t));
    console.log(' read :', JSON.stringify(read));
  }
}
await pool.close();
