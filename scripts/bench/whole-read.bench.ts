// `npm run bench whole-read`: the CPU of a whole read of a new 1080×2400 screen through the
// camera, warm: the committed corpus's default-setting camera frames (test/fixtures/ocr-corpus,
// 1640×1232 pictures of 1080×2400 screens with their recorded corners), each read by a fresh
// reader (a new screen: nothing reused), after one read that warms the detector and tesseract.
// CPU-s of this process, tesseract's and onnxruntime's threads included, median and p90, beside a
// fixed loop's CPU as the machine's speed then (machine-reference.ts). The issue asks for at most
// 0.6 CPU-s median on this machine (a Pi 4 core is about three times slower).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ocrEngineChoice, OCR_ENGINE_VARIABLE, startOcr } from '../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../src/adapters/observer-camera/screen-reader.js';
import type { RecordedTruth } from '../../src/sim/bench/frame-recorder.js';
import { referenceLoopMs } from './machine-reference.js';
import { percentile, round } from './stats.js';

const corpus = join(import.meta.dirname, '../../test/fixtures/ocr-corpus');

export async function benchWholeRead(rounds = 3): Promise<Record<string, unknown>> {
  const index = JSON.parse(readFileSync(join(corpus, 'index.json'), 'utf8')) as {
    dir: string;
    stem: string;
    setting: string;
    fault?: string;
  }[];
  const frames = index
    .filter((entry) => entry.setting === 'default' && !entry.fault)
    .map((entry) => {
      const truth = JSON.parse(
        readFileSync(join(corpus, entry.dir, `${entry.stem}.truth.json`), 'utf8'),
      ) as RecordedTruth;
      return {
        image: readFileSync(join(corpus, entry.dir, `${entry.stem}.camera.jpg`)),
        calibration: { deviceSize: truth.deviceSize, screenCorners: truth.screenCorners },
      };
    });
  const reference = referenceLoopMs();
  const engine = await startOcr({ workers: 1, engine: ocrEngineChoice(process.env[OCR_ENGINE_VARIABLE]) });
  const cpu: number[] = [];
  try {
    await new ScreenReader(engine, { kind: 'camera', calibration: frames[0]!.calibration }).read(frames[0]!.image);
    for (let round = 0; round < rounds; round++)
      for (const frame of frames) {
        const started = process.cpuUsage();
        await new ScreenReader(engine, { kind: 'camera', calibration: frame.calibration }).read(frame.image);
        const used = process.cpuUsage(started);
        cpu.push((used.user + used.system) / 1e6);
      }
  } finally {
    await engine.close();
  }
  return {
    engine: engine.description,
    reads: `${cpu.length} (${frames.length} camera frames of 1080x2400 screens x ${rounds})`,
    'CPU-s per warm whole read of a new screen, median | p90': `${round(percentile(cpu, 50), 3)} | ${round(percentile(cpu, 90), 3)}`,
    'machine reference: a fixed loop, CPU ms before | after (machine-reference.ts)': `${reference} | ${referenceLoopMs()}`,
  };
}
