// OCR on the committed corpus (test/fixtures/ocr-corpus): character error rate (order-insensitive
// lines), word recall and milliseconds per frame, cold and warm, for clean screenshots and camera
// frames, with tesseract.js and (when installed) the native `tesseract` command side by side.
// Both engines read the same preprocessed image; camera frames use the recorded screen corners.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NativeTesseract, nativeTesseractVersion } from '../../src/adapters/observer-camera/native-tesseract.js';
import type { OcrEngine } from '../../src/core/ports/ocr.js';
import { TesseractPool } from '../../src/adapters/observer-camera/tesseract-pool.js';
import { debianFastModelDir, type OcrModelChoice } from '../../src/adapters/observer-camera/offline-options.js';
import { encodePng } from '../../src/adapters/observer-camera/decode.js';
import { prepareCameraFrame, prepareScreenshot, type Prepared } from '../../src/adapters/observer-camera/preprocess.js';
import { toDeviceLines } from '../../src/adapters/observer-camera/raw-to-model.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import { lineCharacterErrorRate, truthLines, wordRecall } from '../../src/core/vision/ocr-metrics.js';
import type { RecordedTruth } from '../../src/sim/bench/frame-recorder.js';
import { percentile, round } from './stats.js';

const corpus = join(import.meta.dirname, '../../test/fixtures/ocr-corpus');
interface Entry { dir: string; stem: string; device: string; state: string; setting: string; fault?: string }
interface Frame { entry: Entry; truth: RecordedTruth; lines: string[] }

function loadCorpus(): Frame[] {
  const index = JSON.parse(readFileSync(join(corpus, 'index.json'), 'utf8')) as Entry[];
  return index.filter((e) => !e.fault).map((entry) => {
    const truth = JSON.parse(readFileSync(join(corpus, entry.dir, `${entry.stem}.truth.json`), 'utf8')) as RecordedTruth;
    return { entry, truth, lines: truthLines(truth.texts) };
  });
}

async function prepare(frame: Frame, kind: 'clean' | 'camera'): Promise<Prepared> {
  const file = (suffix: string) => readFileSync(join(corpus, frame.entry.dir, `${frame.entry.stem}.${suffix}`));
  return kind === 'clean'
    ? prepareScreenshot(file('screen.png'), { width: 1080 })
    : prepareCameraFrame(file('camera.jpg'), { deviceSize: frame.truth.deviceSize, screenCorners: frame.truth.screenCorners });
}

async function measure(engine: OcrEngine, frames: Frame[], kind: 'clean' | 'camera') {
  let cer = 0, recall = 0;
  const ms: number[] = [], ocrMs: number[] = [];
  for (const frame of frames) {
    const started = performance.now();
    const prepared = await prepare(frame, kind);
    const png = await encodePng(prepared.image);
    const ocrStarted = performance.now();
    const read = toDeviceLines(await engine.recognize(png), prepared.toDevice).map((l) => l.text);
    ms.push(performance.now() - started);
    ocrMs.push(performance.now() - ocrStarted);
    cer += lineCharacterErrorRate(frame.lines, read);
    recall += wordRecall(frame.lines, read);
  }
  return { cer: cer / frames.length, recall: recall / frames.length, firstMs: ms[0]!, warmMs: percentile(ms.slice(1), 50), ocrMs: percentile(ocrMs.slice(1), 50) };
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
  let recall = 0, cer = 0, n = 0, banded = 0;
  for (const device of new Set(frames.map((f) => f.entry.device))) {
    const sequence = frames.filter((f) => f.entry.device === device && f.entry.setting === 'default');
    const reader = new ScreenReader(pool, { kind: 'camera', calibration: { deviceSize: sequence[0]!.truth.deviceSize, screenCorners: sequence[0]!.truth.screenCorners } });
    for (const frame of sequence) {
      const reading = await reader.read(readFileSync(join(corpus, frame.entry.dir, `${frame.entry.stem}.camera.jpg`)));
      ms.push(reading.timings.prepareMs + reading.timings.ocrMs);
      if (reading.source === 'bands') banded++;
      recall += wordRecall(frame.lines, reading.model.lines.map((l) => l.text));
      cer += lineCharacterErrorRate(frame.lines, reading.model.lines.map((l) => l.text));
      n++;
    }
  }
  return { ms: percentile(ms, 50), recall: recall / n, cer: cer / n, banded: `${banded}/${n}` };
}

type Result = Awaited<ReturnType<typeof measure>> & { coldMs: number };

export async function benchVision(): Promise<Record<string, unknown>> {
  const frames = loadCorpus();
  const version = nativeTesseractVersion();
  const figures: Record<string, unknown> = {
    frames: `${frames.length} (faulty frames left out)`,
    engines: `tesseract.js best_int (npm) | tesseract.js fast (${debianFastModelDir() ?? 'SKIPPED: apt install tesseract-ocr-eng'}) | ${version ? `${version} (Debian tessdata, OMP_THREAD_LIMIT=1)` : 'native tesseract SKIPPED: not installed (apt install tesseract-ocr tesseract-ocr-eng)'}`,
  };
  for (const kind of ['clean', 'camera'] as const) {
    const js = await run(() => TesseractPool.start(1, { warmUp: false, model: 'best_int' }), () => TesseractPool.start(1, { model: 'best_int' }), frames, kind);
    const fast = debianFastModelDir() ? await run(() => TesseractPool.start(1, { warmUp: false, model: 'fast' }), () => TesseractPool.start(1, { model: 'fast' }), frames, kind) : undefined;
    const native = version ? await run(async () => new NativeTesseract(), async () => new NativeTesseract(), frames, kind) : undefined;
    const pair = (f: (r: Result) => string | number) => `${f(js)} | ${fast ? f(fast) : 'skipped'} | ${native ? f(native) : 'skipped'}`;
    figures[`${kind}: CER %`] = pair((r) => round(r.cer * 100, 1));
    figures[`${kind}: word recall %`] = pair((r) => round(r.recall * 100, 1));
    figures[`${kind}: cold ms (engine start + first frame)`] = pair((r) => Math.round(r.coldMs));
    figures[`${kind}: warm ms/frame, median (OCR alone)`] = pair((r) => `${Math.round(r.warmMs)} (${Math.round(r.ocrMs)})`);
  }
  for (const model of ['best_int', ...(debianFastModelDir() ? ['fast'] : [])] as OcrModelChoice[]) {
    const pool = await TesseractPool.start(1, { model });
    const inc = await incremental(pool, frames);
    await pool.close();
    figures[`camera, incremental ScreenReader (${model}): ms/frame median`] = Math.round(inc.ms);
    figures[`camera, incremental ScreenReader (${model}): CER % | word recall %`] = `${round(inc.cer * 100, 1)} | ${round(inc.recall * 100, 1)}`;
    figures[`camera, incremental ScreenReader (${model}): read by bands`] = inc.banded;
  }
  return figures;
}

async function run(startCold: () => Promise<OcrEngine>, startWarm: () => Promise<OcrEngine>, frames: Frame[], kind: 'clean' | 'camera'): Promise<Result> {
  const coldMs = await cold(startCold, frames[0]!, kind);
  const engine = await startWarm();
  try {
    return { ...(await measure(engine, frames, kind)), coldMs };
  } finally {
    await engine.close();
  }
}
