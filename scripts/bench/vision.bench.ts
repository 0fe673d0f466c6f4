// OCR on the committed corpus (test/fixtures/ocr-corpus): character error rate (order-insensitive
// lines), word recall and milliseconds per frame, cold and warm, for clean screenshots and camera
// frames, with tesseract.js and (when installed) the native `tesseract` command side by side.
// Both engines read the same preprocessed image; camera frames use the recorded screen corners.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NativeTesseract, nativeTesseractVersion } from '../../src/adapters/observer-camera/native-tesseract.js';
import type { OcrEngine } from '../../src/core/ports/ocr.js';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { ocrEngineChoice, OCR_ENGINE_VARIABLE, startOcr } from '../../src/adapters/observer-camera/index.js';
import { debianFastModelDir, type OcrModelChoice } from '../../src/adapters/observer-camera/offline-options.js';
import { encodeForOcr } from '../../src/adapters/observer-camera/decode.js';
import { prepareCameraFrame, prepareScreenshot, type Prepared } from '../../src/adapters/observer-camera/preprocess.js';
import { toDeviceLines } from '../../src/adapters/observer-camera/raw-to-model.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import type { RecordedTruth } from '../../src/sim/bench/frame-recorder.js';
import { percentile, round } from './stats.js';

const corpus = join(import.meta.dirname, '../../test/fixtures/ocr-corpus');
/** Frames the bench does not draw by default (scripts/vision/make-corpus.ts --wide). */
const wideCorpus = join(import.meta.dirname, '../../test/fixtures/ocr-corpus-wide');
interface Entry {
  dir: string;
  stem: string;
  device: string;
  state: string;
  setting: string;
  fault?: string;
}
interface Frame {
  entry: Entry;
  truth: RecordedTruth;
  lines: string[];
  folder: string;
}

function loadCorpus(folder = corpus): Frame[] {
  const index = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as Entry[];
  return index
    .filter((e) => !e.fault)
    .map((entry) => {
      const truth = JSON.parse(
        readFileSync(join(folder, entry.dir, `${entry.stem}.truth.json`), 'utf8'),
      ) as RecordedTruth;
      return { entry, truth, lines: truthLines(truth.texts), folder };
    });
}

/**
 * The widened corpus, camera frames with their calibrated corners: the screen reader as
 * `benchhand ocr --corners` reads a frame (a fresh reader: a whole read) beside the plain
 * tesseract.js pipeline of issue 12 (rectify, gray, flat-field, 810 px wide, tesseract.js'
 * default page segmentation 6, best_int). Per variant, so a weak one shows. The CER compares rows:
 * the OCR lines on one row are joined like the truth's runs.
 */
export async function benchWideCorpus(count = Infinity): Promise<Record<string, unknown>> {
  if (!existsSync(join(wideCorpus, 'index.json')))
    return { 'widened corpus': 'SKIPPED: run node --import tsx scripts/vision/make-corpus.ts --wide' };
  const frames = loadCorpus(wideCorpus).slice(0, count);
  // The engine a bench reads with (the line detector where it runs; BENCHHAND_OCR_ENGINE=tesseract: tesseract alone).
  const ours = await startOcr({ workers: 1, engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]) });
  const plain = await TesseractPool.start(1, { psm: '6', wordGaps: false });
  const score: Record<
    string,
    { ours: { cer: number; recall: number }; plain: { cer: number; recall: number }; n: number; ms: number[] }
  > = {};
  try {
    for (const frame of frames) {
      const image = readFileSync(join(frame.folder, frame.entry.dir, `${frame.entry.stem}.camera.jpg`));
      const calibration = { deviceSize: frame.truth.deviceSize, screenCorners: frame.truth.screenCorners };
      const started = performance.now();
      const reading = await new ScreenReader(ours, { kind: 'camera', calibration }).read(image);
      const elapsed = performance.now() - started;
      const prepared = await prepareCameraFrame(image, calibration, { width: 810 });
      // Both sides as rows (runs on one row joined left to right), as the truth is: tesseract reads
      // "09:41" and "82%" as two lines where the truth has one row, which is not an error.
      const plainRead = truthLines(
        toDeviceLines(await plain.recognize(encodeForOcr(prepared.image)), prepared.toDevice),
      );
      const ourRead = truthLines(reading.model.lines);
      for (const key of [frame.entry.setting, 'all']) {
        const s = (score[key] ??= { ours: { cer: 0, recall: 0 }, plain: { cer: 0, recall: 0 }, n: 0, ms: [] });
        s.ours.cer += lineCharacterErrorRate(frame.lines, ourRead);
        s.ours.recall += wordRecall(frame.lines, ourRead);
        s.plain.cer += lineCharacterErrorRate(frame.lines, plainRead);
        s.plain.recall += wordRecall(frame.lines, plainRead);
        s.n++;
        s.ms.push(elapsed);
      }
    }
  } finally {
    await ours.close();
    await plain.close();
  }
  const figures: Record<string, unknown> = {
    'widened: engine': ours.description,
    'widened corpus frames': `${frames.length} (${Object.keys(score)
      .filter((k) => k !== 'all')
      .join(', ')})`,
  };
  for (const [key, s] of Object.entries(score)) {
    const pct = (v: number) => round((v / s.n) * 100, 1);
    figures[`wide ${key}: word recall % screen reader | plain`] = `${pct(s.ours.recall)} | ${pct(s.plain.recall)}`;
    figures[`wide ${key}: line CER % screen reader | plain`] = `${pct(s.ours.cer)} | ${pct(s.plain.cer)}`;
  }
  figures['wide: screen reader ms/frame median (whole read)'] = Math.round(percentile(score.all?.ms ?? [0], 50));
  return figures;
}

async function prepare(frame: Frame, kind: 'clean' | 'camera'): Promise<Prepared> {
  const file = (suffix: string) => readFileSync(join(corpus, frame.entry.dir, `${frame.entry.stem}.${suffix}`));
  return kind === 'clean'
    ? prepareScreenshot(file('screen.png'), { width: 1080 })
    : prepareCameraFrame(file('camera.jpg'), {
        deviceSize: frame.truth.deviceSize,
        screenCorners: frame.truth.screenCorners,
      });
}

async function measure(engine: OcrEngine, frames: Frame[], kind: 'clean' | 'camera') {
  let cer = 0,
    recall = 0;
  const ms: number[] = [],
    ocrMs: number[] = [];
  for (const frame of frames) {
    const started = performance.now();
    const prepared = await prepare(frame, kind);
    const png = encodeForOcr(prepared.image);
    const ocrStarted = performance.now();
    const read = toDeviceLines(await engine.recognize(png), prepared.toDevice).map((l) => l.text);
    ms.push(performance.now() - started);
    ocrMs.push(performance.now() - ocrStarted);
    cer += lineCharacterErrorRate(frame.lines, read);
    recall += wordRecall(frame.lines, read);
  }
  return {
    cer: cer / frames.length,
    recall: recall / frames.length,
    firstMs: ms[0]!,
    warmMs: percentile(ms.slice(1), 50),
    ocrMs: percentile(ocrMs.slice(1), 50),
  };
}

/** A fresh engine's start plus its first frame. */
async function cold(start: () => Promise<OcrEngine>, frame: Frame, kind: 'clean' | 'camera'): Promise<number> {
  const started = performance.now();
  const engine = await start();
  await measure(engine, [frame], kind);
  const elapsed = performance.now() - started;
  await engine.close();
  return elapsed;
}

/** The default-camera frames of each device in recorded order, read incrementally (only changed bands). */
async function incremental(pool: TesseractPool, frames: Frame[]) {
  const ms: number[] = [];
  let recall = 0,
    cer = 0,
    n = 0,
    banded = 0;
  for (const device of new Set(frames.map((f) => f.entry.device))) {
    const sequence = frames.filter((f) => f.entry.device === device && f.entry.setting === 'default');
    const reader = new ScreenReader(pool, {
      kind: 'camera',
      calibration: { deviceSize: sequence[0]!.truth.deviceSize, screenCorners: sequence[0]!.truth.screenCorners },
    });
    for (const frame of sequence) {
      const reading = await reader.read(readFileSync(join(corpus, frame.entry.dir, `${frame.entry.stem}.camera.jpg`)));
      ms.push(reading.timings.prepareMs + reading.timings.ocrMs);
      if (reading.source === 'bands') banded++;
      recall += wordRecall(
        frame.lines,
        reading.model.lines.map((l) => l.text),
      );
      cer += lineCharacterErrorRate(
        frame.lines,
        reading.model.lines.map((l) => l.text),
      );
      n++;
    }
  }
  return { ms: percentile(ms, 50), recall: recall / n, cer: cer / n, banded: `${banded}/${n}` };
}

type Result = Awaited<ReturnType<typeof measure>> & { coldMs: number };

export async function benchVision(count = Infinity): Promise<Record<string, unknown>> {
  const frames = loadCorpus().slice(0, count);
  const version = nativeTesseractVersion();
  const figures: Record<string, unknown> = {
    frames: `${frames.length} (faulty frames left out)`,
    engines: `tesseract.js best_int (npm) | tesseract.js fast (${debianFastModelDir() ?? 'SKIPPED: apt install tesseract-ocr-eng'}) | ${version ? `${version} (Debian tessdata, OMP_THREAD_LIMIT=1)` : 'native tesseract SKIPPED: not installed (apt install tesseract-ocr tesseract-ocr-eng)'}`,
  };
  for (const kind of ['clean', 'camera'] as const) {
    const js = await run(
      () => TesseractPool.start(1, { warmUp: false, model: 'best_int' }),
      () => TesseractPool.start(1, { model: 'best_int' }),
      frames,
      kind,
    );
    const fast = debianFastModelDir()
      ? await run(
          () => TesseractPool.start(1, { warmUp: false, model: 'fast' }),
          () => TesseractPool.start(1, { model: 'fast' }),
          frames,
          kind,
        )
      : undefined;
    const native = version
      ? await run(
          async () => new NativeTesseract(),
          async () => new NativeTesseract(),
          frames,
          kind,
        )
      : undefined;
    const pair = (f: (r: Result) => string | number) =>
      `${f(js)} | ${fast ? f(fast) : 'skipped'} | ${native ? f(native) : 'skipped'}`;
    figures[`${kind}: CER %`] = pair((r) => round(r.cer * 100, 1));
    figures[`${kind}: word recall %`] = pair((r) => round(r.recall * 100, 1));
    figures[`${kind}: cold ms (engine start + first frame)`] = pair((r) => Math.round(r.coldMs));
    figures[`${kind}: warm ms/frame, median (OCR alone)`] = pair(
      (r) => `${Math.round(r.warmMs)} (${Math.round(r.ocrMs)})`,
    );
  }
  for (const model of ['best_int', ...(debianFastModelDir() ? ['fast'] : [])] as OcrModelChoice[]) {
    const pool = await TesseractPool.start(1, { model });
    const inc = await incremental(pool, frames);
    await pool.close();
    figures[`camera, incremental ScreenReader (${model}): ms/frame median`] = Math.round(inc.ms);
    figures[`camera, incremental ScreenReader (${model}): CER % | word recall %`] =
      `${round(inc.cer * 100, 1)} | ${round(inc.recall * 100, 1)}`;
    figures[`camera, incremental ScreenReader (${model}): read by bands`] = inc.banded;
  }
  return figures;
}

async function run(
  startCold: () => Promise<OcrEngine>,
  startWarm: () => Promise<OcrEngine>,
  frames: Frame[],
  kind: 'clean' | 'camera',
): Promise<Result> {
  const coldMs = await cold(startCold, frames[0]!, kind);
  const engine = await startWarm();
  try {
    return { ...(await measure(engine, frames, kind)), coldMs };
  } finally {
    await engine.close();
  }
}
