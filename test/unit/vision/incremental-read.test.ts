// The incremental read's plan: which bands are read again, which lines are carried over, and
// when the whole screen is read instead. The rule that matters: no carried-over line touches a
// place that changed.
import { describe, expect, it } from 'vitest';
import type { ContentChange } from '../../../src/core/vision/compare-content.js';
import {
  carriedOver,
  missedLines,
  planRead,
  showsInk,
  type ReadPlan,
} from '../../../src/core/vision/incremental-read.js';
import type { Box, OcrLine } from '../../../src/core/vision/ocr-line.js';

const deviceSize = { width: 1080, height: 2400 };
const line = (text: string, y: number, height = 48): OcrLine => ({
  text,
  confidence: 0.9,
  box: { x: 60, y, width: 400, height },
  words: [],
});
const change = (boxes: Box[], fraction = 0.02): ContentChange => ({
  changed: boxes.length > 0,
  fraction,
  boxes,
  largestDelta: 40,
});
const previous = [
  line('Probe', 150),
  line('Airplane mode', 400),
  line('Bluetooth', 568),
  line('Your name', 736),
  line('Save', 1000),
];
const bands = (plan: ReadPlan) =>
  plan.kind === 'bands' ? plan : expect.unreachable(`a ${plan.kind} read: ${plan.reason}`);
const overlaps = (a: Box, b: Box) => a.y < b.y + b.height && b.y < a.y + a.height;

describe('planRead', () => {
  it('reads only the band of a flipped toggle and carries the other lines over', () => {
    const plan = bands(
      planRead({
        change: change([{ x: 900, y: 400, width: 120, height: 60 }]),
        previous,
        deviceSize,
        bandReadsInARow: 0,
      }),
    );
    expect(plan.bands).toHaveLength(1);
    expect(plan.kept.map((l) => l.text)).toEqual(['Probe', 'Bluetooth', 'Your name', 'Save']);
  });

  it('grows a band over a line it cuts, so the whole line is read again', () => {
    // The change (with its margin) touches only the bottom of "Bluetooth" (568..616).
    const plan = bands(
      planRead({
        change: change([{ x: 0, y: 610, width: 200, height: 10 }]),
        previous,
        deviceSize,
        bandReadsInARow: 0,
      }),
    );
    expect(plan.bands[0]!.y0).toBeLessThanOrEqual(568);
    expect(plan.kept.map((l) => l.text)).toEqual(['Probe', 'Airplane mode', 'Your name', 'Save']);
  });

  it('grows a band over the whole filled button it touches, not only over the label', () => {
    // The shop's "Continue to payment": a 56 dp button (1104..1272) whose label (1164..1212) the
    // change does not reach; the change (a focus ring's top edge) touches only the fill's top.
    const button = { x: 48, y: 1104, width: 984, height: 168 };
    const label = line('Continue to payment', 1164);
    const plan = bands(
      planRead({
        change: change([{ x: 48, y: 1096, width: 984, height: 12 }]),
        previous: [...previous, label],
        deviceSize,
        bandReadsInARow: 0,
        shapes: [button],
      }),
    );
    expect(plan.bands).toHaveLength(1);
    expect(plan.bands[0]!.y0).toBeLessThanOrEqual(button.y);
    expect(plan.bands[0]!.y1).toBeGreaterThanOrEqual(button.y + button.height);
    expect(plan.kept.map((l) => l.text)).not.toContain('Continue to payment');
    // Without the shape the band would stop inside the fill, above the label.
    const cut = bands(
      planRead({
        change: change([{ x: 48, y: 1096, width: 984, height: 12 }]),
        previous: [...previous, label],
        deviceSize,
        bandReadsInARow: 0,
      }),
    );
    expect(cut.bands[0]!.y1).toBeLessThan(button.y + button.height);
  });

  it('grows over a panel it touches, and over the lines and shapes that growth reaches in turn', () => {
    const panel = { x: 80, y: 900, width: 920, height: 500 };
    const plan = planRead({
      change: change([{ x: 900, y: 1380, width: 40, height: 10 }]),
      previous: [...previous, line('inside the panel', 950)],
      deviceSize,
      bandReadsInARow: 0,
      shapes: [panel, { x: 60, y: 1380, width: 300, height: 160 }],
    });
    const band = bands(plan).bands[0]!;
    expect(band.y0).toBeLessThanOrEqual(900);
    expect(band.y1).toBeGreaterThanOrEqual(1540);
    // "Save" (1000..1048) lies inside the grown band: read again, not carried over.
    expect(bands(plan).kept.map((l) => l.text)).toEqual(['Probe', 'Airplane mode', 'Bluetooth', 'Your name']);
  });

  it('never carries over a line that touches a changed box, whatever the boxes', () => {
    for (let y = 100; y < 1200; y += 37) {
      const boxes = [
        { x: 0, y, width: 50, height: 7 },
        { x: 500, y: y + 300, width: 10, height: 30 },
      ];
      const plan = planRead({ change: change(boxes), previous, deviceSize, bandReadsInARow: 0 });
      if (plan.kind !== 'bands') continue;
      for (const kept of plan.kept)
        for (const box of boxes)
          expect(overlaps(kept.box, box), `${kept.text} kept under a change at y=${box.y}`).toBe(false);
    }
  });

  it('reads the whole screen the first time, after a large change, and after too many band reads', () => {
    const small = change([{ x: 0, y: 400, width: 100, height: 50 }]);
    expect(planRead({ change: small, previous: undefined, deviceSize, bandReadsInARow: 0 }).kind).toBe('full');
    expect(
      planRead({
        change: change([{ x: 0, y: 0, width: 1080, height: 900 }], 0.5),
        previous,
        deviceSize,
        bandReadsInARow: 0,
      }).kind,
    ).toBe('full');
    expect(planRead({ change: small, previous, deviceSize, bandReadsInARow: 8 }).kind).toBe('full');
    expect(planRead({ change: small, previous, deviceSize, bandReadsInARow: 7 }).kind).toBe('bands');
    expect(planRead({ change: small, previous, deviceSize, bandReadsInARow: 3 }, { fullReadEvery: 3 }).kind).toBe(
      'full',
    );
  });

  it('reads the whole screen when the bands would cover most of it', () => {
    const scattered = [0, 1, 2, 3, 4, 5].map((i) => ({ x: 0, y: 100 + i * 380, width: 50, height: 300 }));
    expect(planRead({ change: change(scattered, 0.2), previous, deviceSize, bandReadsInARow: 0 }).kind).toBe('full');
  });

  it('merges changes close together into one band', () => {
    const plan = bands(
      planRead({
        change: change([
          { x: 0, y: 400, width: 50, height: 20 },
          { x: 600, y: 430, width: 50, height: 20 },
        ]),
        previous,
        deviceSize,
        bandReadsInARow: 0,
      }),
    );
    expect(plan.bands).toHaveLength(1);
  });
});

describe('carriedOver', () => {
  it('keeps exactly the lines outside every band', () => {
    expect(
      carriedOver(previous, [
        { y0: 390, y1: 460 },
        { y0: 990, y1: 1100 },
      ]).map((l) => l.text),
    ).toEqual(['Probe', 'Bluetooth', 'Your name']);
    expect(carriedOver(previous, [])).toHaveLength(previous.length);
  });
});

describe('missedLines', () => {
  // A flat-fielded picture: ground 205, one dark word where "Previous" was (60..460 x 1000..1048).
  const picture = { data: new Uint8Array(1080 * 1200).fill(205), width: 1080, height: 1200 };
  for (let y = 1010; y < 1040; y++) for (let x = 70; x < 300; x++) if (x % 4 < 2) picture.data[y * 1080 + x] = 40;
  const ink = (box: Box) => showsInk(picture, box);

  it('a line not read again whose place still shows ink is missed; one whose place is blank is gone', () => {
    const before = [line('Loading...', 400), line('Previous', 1000)];
    expect(missedLines(before, [], ink).map((l) => l.text)).toEqual(['Previous']);
    // Read again (a line overlaps it): not missed, whatever it reads.
    expect(missedLines(before, [line('Prev1ous', 1004)], ink)).toEqual([]);
  });

  it('noise is not ink: a lone speck in a blank place', () => {
    picture.data[420 * 1080 + 100] = 0;
    expect(showsInk(picture, { x: 60, y: 400, width: 400, height: 48 })).toBe(false);
    expect(showsInk(picture, { x: 60, y: 1000, width: 400, height: 48 })).toBe(true);
  });
});
