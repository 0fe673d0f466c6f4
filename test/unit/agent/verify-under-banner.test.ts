// A heads-up notification over what a step waits for: its copy of a message is not the message in
// the app, and it covers the app's own line. The verify waits (on the manual clock) for it to leave
// and judges the app's own screen; a message only the notification shows is never a success.
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import type { Verification } from '../../../src/core/agent/loop/verify-phase.js';
import type { Observation, ObserverPort } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';
import { verifyOnClock } from '../../support/verify-deps.js';

const LIMIT_MS = 3000;
const chat = [line('Grace', 60, 200, 200, 60), line('Message', 60, 2100)];
const before: Observation = { at: 0, screen: screen(chat), quality: { ok: true } };
const BANNER = { x: 20, y: 90, width: 1040, height: 300 };

/** The notification shows over the top in [0, bannerTo) ms; the app's own line is drawn under it from `appFrom` on. */
function observer(clock: ManualClock, actedAt: number, bannerTo: number, appFrom: number): ObserverPort {
  return {
    async observe(): Promise<Observation> {
      const at = clock.now();
      await clock.sleep(300);
      const t = at - actedAt;
      const own = t >= appFrom && t >= bannerTo ? [line('Lunch at noon?', 60, 300)] : [];
      if (t < bannerTo)
        return {
          at,
          screen: screen([...chat, line('Grace', 60, 120), line('Lunch at noon?', 60, 200)], {
            regions: [{ kind: 'banner', box: BANNER, unasked: true }],
          }),
          quality: { ok: true },
        };
      return { at, screen: screen([...chat, ...own]), quality: { ok: true } };
    },
    describe: () => 'a scripted reader',
    close: async () => undefined,
  };
}

async function verifyOn(bannerTo: number, appFrom: number): Promise<Verification> {
  return verifyOnClock(
    (clock, actedAt) => observer(clock, actedAt, bannerTo, appFrom),
    before,
    { kind: 'text_appears', text: 'Lunch at noon?' },
    LIMIT_MS,
  );
}

describe('a heads-up notification over what a step waits for', () => {
  it('waits past the limit for the notification to leave, then finds the message in the app', async () => {
    const verification = await verifyOn(4500, 1000);
    expect(verification.met).toBe(true);
    expect(verification.observation.at - 1000).toBeGreaterThanOrEqual(4500);
    expect(verification.observation.screen.regions.some((r) => r.kind === 'banner')).toBe(false);
  });

  it('the notification copy alone is never the message: when the app does not show it, the step fails', async () => {
    const verification = await verifyOn(4500, Infinity);
    expect(verification.met).toBe(false);
    expect(verification.detail).not.toMatch(/is on the screen \(/);
  });

  it('a notification that never leaves bounds the wait, and the step fails', async () => {
    const verification = await verifyOn(Infinity, 0);
    expect(verification.met).toBe(false);
  });
});
