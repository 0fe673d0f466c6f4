// Verification on a machine whose reading is slow: time runs out by the pictures, not by the
// reading. A picture taken just after the tap (before the app drew its answer) is not the last word
// when reading it took longer than the time limit; a picture taken after the limit that still
// lacks the effect is — if it is a good picture: a blurred one past the limit settles nothing, the
// wait goes on for a good one (bounded by the wall). On a manual clock: the reader "takes" 5 s of
// virtual time per picture (1 s in the poor-picture cases).
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { verify, type Verification } from '../../../src/core/agent/loop/verify-phase.js';
import type { Observation, ObserverPort } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';
import { advanceUntil } from '../../support/drive-clock.js';
import { verifyDeps } from '../../support/verify-deps.js';

const READ_MS = 5000;
const LIMIT_MS = 4000;

interface Reading {
  readMs?: number;
  /** Pictures taken in [from, to) ms after the tap are blurred: they show nothing readable. */
  poor?: { from: number; to: number };
}

/** The device shows `Connected` from `shownAfterMs` after the tap; each reading takes `readMs`. */
function slowReader(
  clock: ManualClock,
  actedAt: number,
  shownAfterMs: number,
  { readMs = READ_MS, poor }: Reading = {},
): ObserverPort & { looks: number } {
  const reader = {
    looks: 0,
    async observe(): Promise<Observation> {
      reader.looks++;
      const at = clock.now();
      const shown = at - actedAt >= shownAfterMs;
      const blurred = poor !== undefined && at - actedAt >= poor.from && at - actedAt < poor.to;
      await clock.sleep(readMs);
      if (blurred)
        return {
          at,
          screen: screen([line('Cnn~ct', 60, 600)]),
          quality: {
            ok: false,
            problems: [{ kind: 'blurred', value: 10, limit: 43, message: 'the picture is blurred' }],
          },
        };
      return { at, screen: screen([line(shown ? 'Connected' : 'Connecting…', 60, 600)]), quality: { ok: true } };
    },
    describe: () => 'a slow reader',
    close: async () => undefined,
  };
  return reader;
}

async function verifyOn(
  shownAfterMs: number,
  reading: Reading = {},
): Promise<{ verification: Verification; looks: number; waitedMs: number }> {
  const clock = new ManualClock(1000);
  const actedAt = clock.now();
  const observer = slowReader(clock, actedAt, shownAfterMs, reading);
  const { deps, looks } = verifyDeps(clock, observer);
  const before: Observation = { at: 0, screen: screen([line('HomeNet-5G', 60, 600)]), quality: { ok: true } };
  let verification: Verification | undefined;
  void verify(deps, looks, before, { kind: 'text_appears', text: 'Connected' }, actedAt, LIMIT_MS).then((v) => {
    verification = v;
  });
  await advanceUntil(clock, () => verification !== undefined, {
    stepMs: 100,
    limitMs: 120_000,
    what: 'the verification',
  });
  return { verification: verification!, looks: observer.looks, waitedMs: clock.now() - actedAt };
}

describe('verify with a reader slower than the time limit', () => {
  it('the answer drawn 300 ms after the tap is seen on the second picture, though the first took 5 s to read', async () => {
    const { verification, looks } = await verifyOn(300);
    expect(verification.met).toBe(true);
    expect(looks).toBe(2);
  });

  it('an effect that never shows fails once a picture taken past the limit lacks it, not sooner and not never', async () => {
    const { verification, looks, waitedMs } = await verifyOn(Number.POSITIVE_INFINITY);
    expect(verification.met).toBe(false);
    // Pictures at 0 and 5 s (+ the 100 ms poll): the second is past the 4 s limit.
    expect(looks).toBe(2);
    expect(waitedMs).toBeLessThan(4 * LIMIT_MS);
  });

  it('a blurred picture past the limit settles nothing: the answer is seen on the next good picture', async () => {
    // Pictures every ~1.1 s; those taken 3–6 s after the tap are blurred; the answer shows at 4.5 s.
    const { verification, waitedMs } = await verifyOn(4500, { readMs: 1000, poor: { from: 3000, to: 6000 } });
    expect(verification.met).toBe(true);
    expect(waitedMs).toBeGreaterThan(6000);
  });

  it('pictures that stay blurred end the wait at the wall bound, saying the picture is poor', async () => {
    const { verification, waitedMs } = await verifyOn(Number.POSITIVE_INFINITY, {
      readMs: 1000,
      poor: { from: 0, to: Number.POSITIVE_INFINITY },
    });
    expect(verification.met).toBe(false);
    expect(verification.detail).toMatch(/the picture is poor: blurred/);
    expect(waitedMs).toBeGreaterThanOrEqual(4 * LIMIT_MS);
    expect(waitedMs).toBeLessThan(4 * LIMIT_MS + 2000);
  });
});
