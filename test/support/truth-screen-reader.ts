// The fake screen reader, beside the real one under the same contract
// (test/contract/screen-reader.contract.ts): it reads a recorded frame's ground truth (the text the
// virtual phone drew, in device pixels, recorded beside the picture) instead of its pixels, as the
// ground-truth observer does for the loop's unit tests. A picture it has no truth for is blank to it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreenReaderPort, ScreenReading } from '../../src/core/ports/screen-reader.js';
import { screenModel, type Box, type OcrLine } from '../../src/core/vision/screen-model.js';
import { truthFingerprint } from '../../src/core/vision/truth-fingerprint.js';

interface Truth {
  deviceSize: { width: number; height: number };
  texts: { text: string; box: Box }[];
}

const digest = (image: Uint8Array) => createHash('sha256').update(image).digest('hex');

/** The truth of every `NNNNN.camera.jpg` in a recorded folder (NNNNN.truth.json beside it), by picture. */
export function truthsOf(folder: string): Map<string, Truth> {
  return new Map(
    readdirSync(folder)
      .filter((name) => name.endsWith('.camera.jpg'))
      .map((name) => [
        digest(readFileSync(join(folder, name))),
        JSON.parse(readFileSync(join(folder, name.replace('.camera.jpg', '.truth.json')), 'utf8')) as Truth,
      ]),
  );
}

export class TruthScreenReader implements ScreenReaderPort {
  private last?: string;

  constructor(
    private readonly truths: Map<string, Truth>,
    private readonly deviceSize: { width: number; height: number },
  ) {}

  async read(image: Uint8Array): Promise<ScreenReading> {
    const key = digest(image);
    const truth = this.truths.get(key);
    const texts = truth?.texts ?? [];
    const lines: OcrLine[] = texts.map(({ text, box }) => ({
      text,
      box,
      confidence: 1,
      words: [{ text, box, confidence: 1 }],
    }));
    const unchanged = this.last === key;
    this.last = key;
    return {
      model: screenModel(this.deviceSize, lines),
      stats: { brightness: 255, contrast: texts.length ? 200 : 0, sharpness: 100 },
      source: unchanged ? 'unchanged' : 'full',
      bands: unchanged ? [] : [{ y0: 0, y1: this.deviceSize.height }],
      content: truthFingerprint(this.deviceSize, texts),
      timings: { prepareMs: 0, ocrMs: 0, fingerprintMs: 0 },
    };
  }

  reset(): void {
    this.last = undefined;
  }
}
