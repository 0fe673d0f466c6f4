// A fake observer beside the real one: reads what a virtual device actually draws (its ground
// truth) instead of photographing and OCR-ing it. Perfect eyesight, for fast loop tests. It gives
// the same layout hints the pixel detectors give (dialogs, banners, toasts, buttons, fields,
// toggles; evidence 'truth') and a content fingerprint, so loop tests see the same element model.
import type { Clock } from '../../core/ports/clock.js';
import type { Observation, ObserveOptions, ObserverPort } from '../../core/ports/observer.js';
import type { LayoutHints, LayoutMark } from '../../core/vision/screen-elements.js';
import { screenModel, type Box, type OcrLine } from '../../core/vision/screen-model.js';
import { truthFingerprint } from '../../core/vision/truth-fingerprint.js';

/** A drawn region or control as the virtual device records it. */
export type TruthMark = LayoutMark;

export interface TruthSource {
  width: number;
  height: number;
  groundTruth(): { texts: { text: string; box: Box }[]; marks?: TruthMark[] };
}

export class TruthObserver implements ObserverPort {
  looks = 0;
  constructor(
    private readonly source: TruthSource,
    private readonly clock: Clock,
    private readonly beforeLook?: () => void,
  ) {}

  async observe(options: ObserveOptions = {}): Promise<Observation> {
    if (options.newerThan !== undefined && options.newerThan > this.clock.now())
      await this.clock.sleep(options.newerThan - this.clock.now());
    this.beforeLook?.();
    this.looks++;
    const truth = this.source.groundTruth();
    const size = { width: this.source.width, height: this.source.height };
    const lines: OcrLine[] = truth.texts.map(({ text, box }) => ({
      text,
      box,
      confidence: 1,
      words: splitWords(text, box),
    }));
    const marks = truth.marks ?? [];
    const content = truthFingerprint(size, [
      ...truth.texts,
      ...marks.map((mark) => ({
        box: mark.box,
        state: `${mark.kind}:${mark.checked ? 'on' : ''}:${mark.focused ? 'focused' : ''}`,
      })),
    ]);
    return {
      at: this.clock.now(),
      screen: screenModel(size, lines, hintsFromMarks(marks)),
      quality: { ok: true },
      content,
    };
  }

  describe(): string {
    return 'ground-truth observer (virtual device, no camera)';
  }

  async close(): Promise<void> {}
}

export function hintsFromMarks(marks: TruthMark[]): LayoutHints {
  const hints: Required<LayoutHints> = { regions: [], shapes: [], evidence: 'truth' };
  for (const mark of marks) {
    if (mark.kind === 'dialog' || mark.kind === 'banner' || mark.kind === 'toast') {
      hints.regions.push({ kind: mark.kind, box: mark.box, ...(mark.kind === 'banner' ? { unasked: true } : {}) });
      continue;
    }
    const state = {
      ...(mark.kind === 'toggle' ? { checked: mark.checked === true } : {}),
      ...(mark.kind === 'field' ? { focused: mark.focused === true, ...(mark.secret ? { secret: true } : {}) } : {}),
    };
    hints.shapes.push({
      kind: mark.kind,
      box: mark.box,
      ...(Object.keys(state).length ? { state } : {}),
      ...(mark.kind === 'field' && mark.label ? { label: mark.label } : {}),
    });
  }
  return hints;
}

/** Spreads a line's box over its words in proportion to their length. */
function splitWords(text: string, box: OcrLine['box']): OcrLine['words'] {
  const words = text.split(/\s+/).filter(Boolean);
  const total = text.length || 1;
  let offset = 0;
  return words.map((word) => {
    const start = text.indexOf(word, offset);
    offset = start + word.length;
    return {
      text: word,
      confidence: 1,
      box: {
        x: box.x + (box.width * start) / total,
        y: box.y,
        width: (box.width * word.length) / total,
        height: box.height,
      },
    };
  });
}
