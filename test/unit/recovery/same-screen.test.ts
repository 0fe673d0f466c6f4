// Recovery's "is this the screen the action was planned on?": by pixels when both looks carry a
// comparable content fingerprint (camera noise under the floor is the same screen, a toggle's
// few cells are not), by text otherwise; and the decision built on it, for the case text got
// wrong (a short screen whose OCR differs between two frames of the same picture).
import { describe, expect, it } from 'vitest';
import { decideRecovery } from '../../../src/core/recovery/decide.js';
import { sameScreen } from '../../../src/core/recovery/same-screen.js';
import { lastUnsettledAction } from '../../../src/core/recovery/unsettled-action.js';
import { gridOf, type ContentFingerprint } from '../../../src/core/vision/content-fingerprint.js';
import {
  packFingerprint,
  packedFingerprintSchema,
  unpackFingerprint,
} from '../../../src/core/vision/packed-fingerprint.js';
import { checkJournalRecord } from '../../../src/core/state/journal-schema.js';
import { checkpoint, GOAL, intent, runLine, seeing } from '../../support/recovery-fixtures.js';

const SIZE = { width: 1080, height: 2400 };

/** A light screen with a dark block (a list row's text) at cells [r0, r1) x [c0, c1). */
function picture(
  blocks: Array<{ r0: number; r1: number; c0: number; c1: number; gray: number }>,
  noise = 0,
): ContentFingerprint {
  const { area, columns, rows } = gridOf(SIZE);
  const cells = Array.from(
    { length: columns * rows },
    (_, i) => 240 + (noise ? ((i * 7919) % (2 * noise + 1)) - noise : 0),
  );
  for (const block of blocks) {
    for (let r = block.r0; r < block.r1; r++)
      for (let c = block.c0; c < block.c1; c++) cells[r * columns + c] = block.gray;
  }
  return { area, columns, rows, cells, evidence: 'pixels' };
}

const ROWS = [
  { r0: 10, r1: 14, c0: 2, c1: 30, gray: 60 },
  { r0: 20, r1: 24, c0: 2, c1: 26, gray: 60 },
];
const looking = (content: ContentFingerprint | undefined, ...texts: string[]) => ({
  ...seeing(...texts),
  ...(content ? { content } : {}),
});

describe('a packed fingerprint', () => {
  it("round-trips through the journal's base64, and is about 5 KB for a phone screen", () => {
    const print = picture(ROWS);
    const packed = packFingerprint(print);
    expect(packedFingerprintSchema.parse(packed)).toEqual(packed);
    expect(unpackFingerprint(packed)).toEqual(print);
    expect(JSON.stringify(packed).length).toBeLessThan(7000);
  });
  it('whose cells do not fill its grid (a damaged record) unpacks to nothing', () => {
    const packed = packFingerprint(picture(ROWS));
    expect(unpackFingerprint({ ...packed, rows: packed.rows + 1 })).toBeUndefined();
    expect(unpackFingerprint({ ...packed, cells: packed.cells.slice(0, 40) })).toBeUndefined();
  });
  it('that is not base64 fails the journal record by its field', () => {
    const bad = { ...intent(9), contentBefore: { ...packFingerprint(picture(ROWS)), cells: 'not base64!' } };
    expect(checkJournalRecord(bad)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^field contentBefore\.cells: must be base64/),
    });
  });
});

describe('the same screen', () => {
  it('by pixels: camera noise under the floor is the same, though the OCR text differs', () => {
    const verdict = sameScreen(
      { text: 'Pinned\n12:04 ▼◢▮', content: packFingerprint(picture(ROWS)) },
      looking(picture(ROWS, 3), 'Pinned', '12:05 ◥ 4G'),
    );
    expect(verdict).toEqual({ same: true, how: expect.stringMatching(/^by pixels: no content cell moved/) });
  });
  it('by pixels: one row gone is another screen, though the texts read alike', () => {
    const verdict = sameScreen(
      { text: 'Inbox\nMeeting', content: packFingerprint(picture(ROWS)) },
      looking(picture([ROWS[0]!]), 'Inbox', 'Meeting'),
    );
    expect(verdict.same).toBe(false);
    expect(verdict.how).toMatch(/^by pixels: [\d.]+ % of the content area changed/);
  });
  it('by pixels: a toast of the first look that faded is the same screen; a row gone beside it is not', () => {
    const TOAST = { r0: 80, r1: 84, c0: 12, c1: 34, gray: 50 };
    const { area, columns, rows } = gridOf(SIZE);
    const cellW = area.width / columns,
      cellH = area.height / rows;
    const toastBox = {
      x: area.x + TOAST.c0 * cellW,
      y: area.y + TOAST.r0 * cellH,
      width: (TOAST.c1 - TOAST.c0) * cellW,
      height: (TOAST.r1 - TOAST.r0) * cellH,
    };
    const planned = packFingerprint(picture([...ROWS, TOAST]), [toastBox]);
    expect(packedFingerprintSchema.parse(planned).passing).toEqual([toastBox]);
    const faded = sameScreen({ text: 'Pinned\nZoe Archer muted', content: planned }, looking(picture(ROWS), 'Pinned'));
    expect(faded).toEqual({ same: true, how: expect.stringMatching(/^by pixels: no content cell moved/) });
    const unmarked = packFingerprint(picture([...ROWS, TOAST]));
    expect(sameScreen({ text: 'Pinned', content: unmarked }, looking(picture(ROWS), 'Pinned')).same).toBe(false);
    const rowGone = sameScreen({ text: 'Pinned', content: planned }, looking(picture([ROWS[0]!]), 'Pinned'));
    expect(rowGone.same).toBe(false);
  });
  it("by text when the fresh look has no picture, or one of another kind (a virtual device's truth)", () => {
    const before = { text: 'Settings\nNetwork & internet', content: packFingerprint(picture(ROWS)) };
    expect(sameScreen(before, looking(undefined, 'Settings', 'Network & internet'))).toEqual({
      same: true,
      how: expect.stringMatching(/^by text/),
    });
    expect(sameScreen(before, looking({ ...picture(ROWS), evidence: 'truth' }, 'Battery'))).toEqual({
      same: false,
      how: expect.stringMatching(/^by text/),
    });
  });
});

describe('the decision on an action in doubt, judged by pixels', () => {
  const evidenceFor = (observation: ReturnType<typeof looking>, before: ContentFingerprint) => ({
    checkpoint: checkpoint(),
    tornJournal: false,
    goal: GOAL,
    ageMs: 60000,
    maxAgeMs: 3600000,
    observation,
    unsettled: lastUnsettledAction([
      runLine(),
      intent(9, {
        expectation: { kind: 'screen_changes' },
        screenBefore: 'Pinned\n12:04',
        contentBefore: packFingerprint(before),
      }),
    ]),
  });
  it('an unchanged picture read differently is the same screen: the drag did not happen, done again', () => {
    const decision = decideRecovery(evidenceFor(looking(picture(ROWS, 2), 'Pnned', '12:05 LTE'), picture(ROWS)));
    expect(decision).toMatchObject({ kind: 'verify_then_retry', commandId: 9 });
    expect(decision.reasons.join('\n')).toMatch(/by pixels/);
  });
  it('a changed picture read the same is another screen: the action happened, never done again', () => {
    const decision = decideRecovery(evidenceFor(looking(picture([ROWS[1]!]), 'Pinned', '12:04'), picture(ROWS)));
    expect(decision).toMatchObject({ kind: 'continue', inFlightHappened: true });
  });
});
