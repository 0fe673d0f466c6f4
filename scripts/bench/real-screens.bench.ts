// `npm run bench real`: the reader on screens nobody here drew: the recorded real apps' truth
// screens (../shared/real-apps, never copied here), read as screenshots and as photographed by the
// virtual camera, through the engine a bench reads with (the line detector where it runs;
// BENCHHAND_OCR_ENGINE=tesseract: tesseract alone). Word recall, precision, line CER, the share of
// texts read (CER ≤ 0.2) in all and per colour class, what the truth's noise costs, CPU per whole-
// screen read (screenshots: also the lesser of two reads, and a fixed loop's CPU as the machine's
// speed then: machine-reference.ts) and peak RSS; the screens with other scripts apart, with and
// without their language; the screen model's roles against the view trees' classes; each camera
// fault as a single frame and through the camera path's quality gate (real-screens-faults.ts). For
// iterating: BENCHHAND_REAL_EVERY=N reads every Nth screen, BENCHHAND_REAL_SCREENSHOTS_ONLY=1 only
// the Latin screenshots, BENCHHAND_REAL_FAULTS_ONLY=1 only the fault table, BENCHHAND_REAL_FAULTS
// and BENCHHAND_REAL_FAULT_PATHS which faults and which of its figures.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  ocrEngineChoice,
  OCR_ENGINE_VARIABLE,
  startOcr,
  type OcrReader,
} from '../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import type { ScreenInput, ScreenReading } from '../../src/core/ports/screen-reader.js';
import { photograph } from '../../src/sim/camera/photograph.js';
import { resolveCameraOptions, type CameraOptionsInput } from '../../src/sim/camera/camera-options.js';
import { faultTable } from './real-screens-faults.js';
import { lookAll } from './real-screens-camera-path.js';
import { referenceLoopMs } from './machine-reference.js';
import { round } from './stats.js';
import { loadRealScreens, OTHER_SCRIPT, REAL_APPS, type RealScreen, type TruthText } from './real-screens-truth.js';
import { roleFigures } from './real-screens-roles.js';
import { scoreScreen, withoutNoise, wordsOf, type ScreenScore } from './real-screens-score.js';
import { normaliseText } from '../../src/core/vision/text-distance.js';
import { TEXT_CLASSES } from './real-screens-classes.js';

const require = createRequire(import.meta.url);
/** The languages of the other-script screens: Arabic, Bulgarian, Greek, Simplified Chinese. */
const OTHER_LANGUAGES = ['ara', 'bul', 'ell', 'chi_sim'];

export async function benchRealScreens(count = Infinity): Promise<Record<string, unknown>> {
  const all = await loadRealScreens();
  if (!all) return { 'real screens': `SKIPPED: ${REAL_APPS} is absent (recorded real apps with text truth)` };
  const every = Number(process.env.BENCHHAND_REAL_EVERY ?? 1) || 1;
  const screens = all.filter((_, index) => index % every === 0).slice(0, count);
  const latin = screens.filter((screen) => !screen.texts.some((text) => OTHER_SCRIPT.test(text.text)));
  const other = screens.filter((screen) => !latin.includes(screen));
  const referenceBefore = referenceLoopMs();
  const peak = peakRss();
  const engine = await startOcr({ workers: 1, engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]) });
  const figures: Record<string, unknown> = {
    engine: engine.description,
    screens: `${screens.length} of ${all.length} (${latin.length} Latin-script, ${other.length} other scripts)${every > 1 ? `, every ${every}th` : ''}`,
  };
  try {
    if (process.env.BENCHHAND_REAL_FAULTS_ONLY === '1') {
      Object.assign(figures, await faultFigures(engine, latin));
      return figures;
    }
    const shots = await readAll(engine, latin, 'screenshot');
    Object.assign(figures, summary('screenshots, Latin', latin, shots));
    Object.assign(figures, roleFigures(latin, models(shots), 'screenshots'));
    if (process.env.BENCHHAND_REAL_SCREENSHOTS_ONLY !== '1') {
      const photographed = await readAll(engine, latin, 'camera');
      Object.assign(figures, summary('camera, Latin', latin, photographed));
      Object.assign(figures, roleFigures(latin, models(photographed), 'camera'));
      Object.assign(figures, await faultFigures(engine, latin));
      const otherShots = await readAll(engine, other, 'screenshot');
      Object.assign(figures, summary('screenshots, other scripts, English only', other, otherShots, false));
      Object.assign(figures, await withLanguages(other));
    }
  } finally {
    await engine.close();
    // Stopped on every path: the sampling timer would otherwise keep the process alive.
    figures['peak RSS MB (this process: detector, one tesseract worker, the camera model)'] = peak.stop();
    figures['machine reference: a fixed loop, CPU ms before | after (machine-reference.ts)'] =
      `${referenceBefore} | ${referenceLoopMs()}`;
  }
  return figures;
}

/** Each camera fault as a single frame and through the camera path's gate (real-screens-faults.ts). */
function faultFigures(engine: OcrReader, latin: RealScreen[]) {
  return faultTable(
    latin,
    (camera) => readAll(engine, latin, 'camera', camera),
    (camera) => lookAll((input, image) => wholeRead(engine, input, image), latin, camera),
  );
}

export interface Read {
  reading: ScreenReading;
  cpuMs: number;
  /** Screenshots: the lesser CPU of two whole reads of the screen (noise from the host only adds). */
  leastCpuMs?: number;
  score: ScreenScore;
}

async function readAll(
  engine: OcrReader,
  screens: RealScreen[],
  kind: 'screenshot' | 'camera',
  camera: CameraOptionsInput = {},
): Promise<Read[]> {
  const reads: Read[] = [];
  for (const [index, screen] of screens.entries()) {
    const { image, input } =
      kind === 'screenshot'
        ? { image: screen.png, input: { kind: 'screenshot' as const } }
        : await photographed(screen, index, camera);
    const { reading, cpuMs } = await wholeRead(engine, input, image);
    const again = kind === 'screenshot' ? (await wholeRead(engine, input, image)).cpuMs : undefined;
    reads.push({
      reading,
      cpuMs,
      ...(again !== undefined ? { leastCpuMs: Math.min(cpuMs, again) } : {}),
      score: scoreScreen(screen, reading.model),
    });
  }
  return reads;
}

/** A fresh reader's read: a whole read, as the first look at a screen is, and its CPU ms (every thread). */
async function wholeRead(engine: OcrReader, input: ScreenInput, image: Uint8Array) {
  const started = process.cpuUsage();
  const reading = await new ScreenReader(engine, input).read(image);
  const used = process.cpuUsage(started);
  return { reading, cpuMs: (used.user + used.system) / 1000 };
}

async function photographed(screen: RealScreen, seed: number, camera: CameraOptionsInput) {
  const photo = await photograph(
    { png: screen.png, width: screen.width, height: screen.height },
    resolveCameraOptions(camera),
    1000 + seed,
  );
  const deviceSize = { width: screen.width, height: screen.height };
  return {
    image: photo.jpeg,
    input: { kind: 'camera' as const, calibration: { deviceSize, screenCorners: photo.screenCorners } },
  };
}

function summary(label: string, screens: RealScreen[], reads: Read[], detail = true): Record<string, unknown> {
  if (!reads.length) return { [label]: 'no screens' };
  const scores = reads.map((read) => read.score);
  const texts = scores.flatMap((score) => score.texts);
  const pct = (n: number, d: number) => (d ? round((100 * n) / d, 1) : '-');
  const share = (list: typeof texts) =>
    `${pct(list.filter((t) => t.cer <= 0.2).length, list.length)} % of ${list.length}`;
  const sum = (key: 'truthWords' | 'found' | 'readWords' | 'correct') => scores.reduce((s, x) => s + x[key], 0);
  const cpu = reads.map((read) => read.cpuMs).sort((a, b) => a - b);
  const figures: Record<string, unknown> = {
    [`${label}: word recall %`]: pct(sum('found'), sum('truthWords')),
    [`${label}: precision % (words read in the window)`]: pct(sum('correct'), sum('readWords')),
    // Each truth text against the lines read in its box, edits over characters of all texts.
    [`${label}: line CER %`]: pct(
      texts.reduce((s, t) => s + t.edits, 0),
      texts.reduce((s, t) => s + t.chars, 0),
    ),
    [`${label}: texts read (CER <= 0.2)`]: share(texts),
  };
  if (!detail) return figures;
  for (const textClass of TEXT_CLASSES) {
    const inClass = texts.filter((text) => text.textClass === textClass);
    if (inClass.length) figures[`${label}: texts read, ${textClass}`] = share(inClass);
  }
  let ellipsized = 0,
    switchStates = 0,
    pictographs = 0,
    notDrawn = 0,
    found = 0,
    wanted = 0;
  const drawnTexts: typeof texts = [];
  screens.forEach((screen, index) => {
    const read = reads[index]!.score.texts;
    const clean = withoutNoise(screen.texts, (text) => read[screen.texts.indexOf(text)]!.read);
    ellipsized += clean.ellipsized;
    switchStates += clean.switchStates;
    pictographs += clean.pictographs;
    notDrawn += clean.notDrawn;
    const score = scoreScreen(screen, reads[index]!.reading.model, clean.texts);
    found += score.found;
    wanted += score.truthWords;
    drawnTexts.push(...score.texts);
    printMisses(label, screen, clean.texts, score);
  });
  const asDrawn = `against the truth as drawn (${ellipsized} ellipsized, ${switchStates} switch ON/OFF, ${pictographs} with emoji taken out, ${notDrawn} not drawn (cut by the navigation bar or blank) left out)`;
  figures[`${label}: word recall % ${asDrawn}`] = pct(found, wanted);
  figures[`${label}: texts read (CER <= 0.2) ${asDrawn}`] = share(drawnTexts);
  figures[`${label}: CPU ms per whole-screen read, median | max`] =
    `${Math.round(cpu[cpu.length >> 1]!)} | ${Math.round(cpu[cpu.length - 1]!)}`;
  const least = reads.flatMap((read) => (read.leastCpuMs !== undefined ? [read.leastCpuMs] : [])).sort((a, b) => a - b);
  if (least.length)
    figures[`${label}: CPU ms per whole-screen read, the lesser of two reads, median | max`] =
      `${Math.round(least[least.length >> 1]!)} | ${Math.round(least[least.length - 1]!)}`;
  return figures;
}

/**
 * With BENCHHAND_REAL_TEXT_MISSES=1 each truth text not read (CER > 0.2, against the truth as
 * drawn) or with words missing from what was read in its box is printed to stderr: the screen, the
 * text's box, the words missed, the truth and what was read there.
 */
function printMisses(label: string, screen: RealScreen, texts: TruthText[], score: ScreenScore): void {
  if (process.env.BENCHHAND_REAL_TEXT_MISSES !== '1') return;
  score.texts.forEach((text, index) => {
    const read = new Set(wordsOf(text.read));
    const missed = wordsOf(text.text).filter((word) => !read.has(normaliseText(word))).length;
    if (text.cer <= 0.2 && missed === 0) return;
    process.stderr.write(
      `${label} miss: ${screen.app}/${screen.tag} [${texts[index]!.box.join(',')}] ${missed} words "${text.text}" -> "${text.read}"\n`,
    );
  });
}

const models = (reads: Read[]) => reads.map((read) => read.reading.model);

async function withLanguages(screens: RealScreen[]): Promise<Record<string, unknown>> {
  const label = `screenshots, other scripts, with ${OTHER_LANGUAGES.join('+')}`;
  if (!screens.length) return {};
  const missing = OTHER_LANGUAGES.filter((code) => !installed(`@tesseract.js-data/${code}`));
  if (missing.length)
    return {
      [label]: `SKIPPED: npm install --save-exact ${missing.map((c) => `@tesseract.js-data/${c}@1.0.0`).join(' ')}`,
    };
  const engine = await startOcr({
    workers: 1,
    engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]),
    languages: OTHER_LANGUAGES,
  });
  try {
    return summary(label, screens, await readAll(engine, screens, 'screenshot'), false);
  } finally {
    await engine.close();
  }
}

function installed(name: string): boolean {
  try {
    return existsSync(require.resolve(`${name}/package.json`));
  } catch {
    return false;
  }
}

function peakRss(): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage().rss) / 1e6);
    },
  };
}
