// Reads the committed OCR corpus (test/fixtures/ocr-corpus, made by scripts/vision/make-corpus.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RecordedTruth } from '../../src/sim/bench/frame-recorder.js';

export const corpusDir = join(import.meta.dirname, '../fixtures/ocr-corpus');

export interface CorpusFrame {
  dir: string;
  stem: string;
  device: string;
  state: string;
  setting: string;
  fault?: string;
  truth: RecordedTruth;
  cameraPath: string;
  screenPath: string;
}

export function corpusFrames(): CorpusFrame[] {
  const index = JSON.parse(readFileSync(join(corpusDir, 'index.json'), 'utf8')) as Omit<
    CorpusFrame,
    'truth' | 'cameraPath' | 'screenPath'
  >[];
  return index.map((entry) => ({
    ...entry,
    truth: JSON.parse(readFileSync(join(corpusDir, entry.dir, `${entry.stem}.truth.json`), 'utf8')) as RecordedTruth,
    cameraPath: join(corpusDir, entry.dir, `${entry.stem}.camera.jpg`),
    screenPath: join(corpusDir, entry.dir, `${entry.stem}.screen.png`),
  }));
}

export const isLightTheme = (frame: CorpusFrame) => frame.device !== 'sign-in-otp';
