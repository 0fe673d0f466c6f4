// A fake observer beside the real one: reads what a virtual device actually draws (its ground
// truth) instead of photographing and OCR-ing it. Perfect eyesight, for fast loop tests.
import type { Clock } from '../../core/ports/clock.js';
import type { Observation, ObserveOptions, ObserverPort } from '../../core/ports/observer.js';
import { screenModel, type OcrLine } from '../../core/vision/screen-model.js';

export interface TruthSource {
  width: number;
  height: number;
  groundTruth(): { texts: { text: string; box: { x: number; y: number; width: number; height: number } }[] };
}

export class TruthObserver implements ObserverPort {
  looks = 0;
  constructor(private readonly source: TruthSource, private readonly clock: Clock, private readonly beforeLook?: () => void) {}

  async observe(options: ObserveOptions = {}): Promise<Observation> {
    if (options.newerThan !== undefined && options.newerThan > this.clock.now()) await this.clock.sleep(options.newerThan - this.clock.now());
    this.beforeLook?.();
    this.looks++;
    const lines: OcrLine[] = this.source.groundTruth().texts.map(({ text, box }) => ({ text, box, confidence: 1, words: splitWords(text, box) }));
    return { at: this.clock.now(), screen: screenModel({ width: this.source.width, height: this.source.height }, lines), quality: { ok: true } };
  }

  describe(): string {
    return 'ground-truth observer (virtual device, no camera)';
  }

  async close(): Promise<void> {}
}

/** Spreads a line's box over its words in proportion to their length. */
function splitWords(text: string, box: OcrLine['box']): OcrLine['words'] {
  const words = text.split(/\s+/).filter(Boolean);
  const total = text.length || 1;
  let offset = 0;
  return words.map((word) => {
    const start = text.indexOf(word, offset);
    offset = start + word.length;
    return { text: word, confidence: 1, box: { x: box.x + (box.width * start) / total, y: box.y, width: (box.width * word.length) / total, height: box.height } };
  });
}
