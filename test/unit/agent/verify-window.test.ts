// Issue 27 item 1 on the manual clock: the verify window judges every look, not only the last. A
// toast the action caused that came and went while the verify looked is an effect (a retry would
// repeat the action); a retry needs every picture good, none changed, and no stretch without a
// picture long enough for a toast to hide in. The reader "takes" `readMs` of virtual time a picture.
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import type { Verification } from '../../../src/core/agent/loop/verify-phase.js';
import { describeWindow, provenUnchanged } from '../../../src/core/agent/verify/verify-window.js';
import type { Observation, ObserverPort } from '../../../src/core/ports/observer.js';
import { line, screen } from '../../support/screen-builder.js';
import { verifyOnClock } from '../../support/verify-deps.js';

const LIMIT_MS = 3000;
const article = [line('How the Analytical Engine works', 60, 300), line('Share', 480, 650)];
const before: Observation = { at: 0, screen: screen(article), quality: { ok: true } };

interface Device {
  readMs: number;
  /** The toast shows in [from, to) ms after the tap. */
  toast?: { from: number; to: number };
  /** Pictures taken in [from, to) ms after the tap are dark. */
  dark?: { from: number; to: number };
}

function observer(clock: ManualClock, actedAt: number, device: Device): ObserverPort {
  const within = (span: { from: number; to: number } | undefined, t: number) =>
    span !== undefined && t >= span.from && t < span.to;
  return {
    async observe(): Promise<Observation> {
      const at = clock.now();
      await clock.sleep(device.readMs);
      if (within(device.dark, at - actedAt))
        // A dark picture read as OCR noise: what it shows settles nothing.
        return {
          at,
          screen: screen([line('7', 300, 900), line('hot', 500, 1400), line('ir', 200, 1800)]),
          quality: { ok: false, problems: [{ kind: 'too_dark', value: 20, limit: 60, message: 'too dark' }] },
        };
      const toast = within(device.toast, at - actedAt) ? [line('Link sent to 3 people', 300, 2000)] : [];
      return { at, screen: screen([...article, ...toast]), quality: { ok: true } };
    },
    describe: () => 'a scripted reader',
    close: async () => undefined,
  };
}

async function verifyOn(device: Device): Promise<Verification> {
  return verifyOnClock(
    (clock, actedAt) => observer(clock, actedAt, device),
    before,
    { kind: 'text_appears', text: 'Shared with your team' },
    LIMIT_MS,
  );
}

describe('the verify window', () => {
  it('a toast that came and went during the window is the effect: it is named, and a retry is not safe', async () => {
    const verification = await verifyOn({ readMs: 300, toast: { from: 500, to: 2000 } });
    expect(verification.met).toBe(false);
    // The last picture (past the limit) shows the screen as before: only the window saw the toast.
    expect(verification.observation.screen.lines.map((l) => l.text)).not.toContain('Link sent to 3 people');
    expect(verification.window.change?.summary).toMatch(/appeared: "Link sent to 3 people"/);
    expect(provenUnchanged(verification.window)).toBe(false);
    expect(describeWindow(verification.window)).toMatch(/had an effect, so it must not be repeated/);
  });

  it('nothing changed on good pictures a few hundred ms apart: the screen is proven unchanged', async () => {
    const verification = await verifyOn({ readMs: 300 });
    expect(verification.met).toBe(false);
    expect(verification.window).toEqual({});
    expect(provenUnchanged(verification.window)).toBe(true);
  });

  it('a dark picture read as noise ("7", "hot", "ir") is no change, and proves nothing either', async () => {
    const verification = await verifyOn({ readMs: 300, dark: { from: 600, to: 900 } });
    expect(verification.window.change).toBeUndefined();
    expect(verification.window.unproven).toMatch(/1 picture was poor/);
    expect(provenUnchanged(verification.window)).toBe(false);
  });

  it('pictures 2.5 s apart cannot prove that no toast came and went between them', async () => {
    const verification = await verifyOn({ readMs: 2500 });
    expect(verification.window.change).toBeUndefined();
    expect(verification.window.unproven).toMatch(/25\d\d ms went by without a good picture/);
  });
});
