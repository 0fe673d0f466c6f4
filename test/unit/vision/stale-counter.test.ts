// A stale line on a changed page: after a swipe most of the screen is new, and the one-digit change
// of a counter ("Photo 1 of 4" -> "Photo 2 of 4") is too small for the 8 dp cells. Its place comes
// from the 4 dp detail cells, so the incremental read reads that line anew instead of carrying the
// old counter over (a stale counter could one day look like success).
import { describe, expect, it } from 'vitest';
import { compareContent } from '../../../src/core/vision/compare-content.js';
import { fingerprintWithDetail } from '../../../src/core/vision/content-fingerprint.js';
import type { GrayImage } from '../../../src/core/vision/gray-image.js';
import { planRead } from '../../../src/core/vision/incremental-read.js';
import type { OcrLine } from '../../../src/core/vision/ocr-line.js';

const deviceSize = { width: 360, height: 800 };
const COUNTER = { x: 100, y: 700, width: 120, height: 16 };

/** A white page: a photo (a dark block) at the top, the counter's strokes below; `page` moves both. */
function picture(page: 1 | 2): GrayImage {
  const data = new Uint8Array(deviceSize.width * deviceSize.height).fill(240);
  const set = (x0: number, y0: number, w: number, h: number, v: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * deviceSize.width + x] = v;
  };
  set(0, 100, 360, 200, page === 1 ? 60 : 160); // the photo: a new one on page 2
  set(101, 702, 2, 12, 40); // the counter's strokes, the same on both pages
  set(141, 702, 2, 12, 40);
  if (page === 2) set(121, 705, 2, 1, 120); // "1" -> "2": two pixels of one glyph differ
  return { data, width: deviceSize.width, height: deviceSize.height };
}

const line = (text: string, box: OcrLine['box']): OcrLine => ({ text, confidence: 0.9, box, words: [] });

describe('a one-digit change on a page that changed much', () => {
  it('is a place the read covers: the old counter is not carried over', () => {
    const change = compareContent(
      fingerprintWithDetail(picture(1), deviceSize),
      fingerprintWithDetail(picture(2), deviceSize),
    );
    expect(change.changed).toBe(true);
    expect(change.fraction).toBeLessThan(0.35);
    const plan = planRead({
      change,
      previous: [line('Sunset at the pier', { x: 20, y: 320, width: 300, height: 30 }), line('Photo 1 of 4', COUNTER)],
      deviceSize,
      bandReadsInARow: 0,
    });
    expect(plan.kind).toBe('bands');
    const kept = plan.kind === 'bands' ? plan.kept.map((l) => l.text) : [];
    expect(kept).not.toContain('Photo 1 of 4');
  });
});
