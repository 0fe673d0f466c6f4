// A reader that carries lines over (the content fingerprint saw no change there) keeps the picture
// each line was read from. A check after an action never takes a line read from a picture taken
// before the action as its effect: it asks for the next picture read anew and judges that.
// Here the reader last read a picture taken between the step's plan and the swipe, in which the
// counter read "Photo 2 of 4"; after the swipe its fingerprint saw no change on that row, so the
// line is carried over with that older picture's time.
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import type { Verification } from '../../../src/core/agent/loop/verify-phase.js';
import { provenUnchanged } from '../../../src/core/agent/verify/verify-window.js';
import type { Observation, ObserveOptions, ObserverPort } from '../../../src/core/ports/observer.js';
import type { Expectation } from '../../../src/core/agent/tools/tool.js';
import { waitFor } from '../../../src/core/agent/tools/session-tools.js';
import type { ToolContext } from '../../../src/core/agent/tools/tool.js';
import { line, screen } from '../../support/screen-builder.js';
import { verifyOnClock } from '../../support/verify-deps.js';
import { advanceUntil } from '../../support/drive-clock.js';

const title = line('Gallery', 60, 200);
const before: Observation = { at: 900, screen: screen([title, line('Photo 1 of 4', 60, 2100)]), quality: { ok: true } };
/** The picture the reader last read before the action. */
const OLDER_PICTURE = 950;
const expectation: Expectation = { kind: 'text_appears', text: 'Photo 2 of 4' };

/** Carries the counter over from the older picture, unless asked to read anew: then reads `counterNow`. */
function carryingReader(clock: ManualClock, counterNow: string, asked: ObserveOptions[]): ObserverPort {
  return {
    async observe(options: ObserveOptions = {}): Promise<Observation> {
      asked.push(options);
      const at = clock.now();
      await clock.sleep(300);
      const counter = options.readAnew
        ? { ...line(counterNow, 60, 2100), readFrom: { at } }
        : { ...line('Photo 2 of 4', 60, 2100), readFrom: { at: OLDER_PICTURE } };
      return { at, screen: screen([{ ...title, readFrom: { at } }, counter]), quality: { ok: true } };
    },
    describe: () => 'a reader carrying a line over',
    close: async () => undefined,
  };
}

async function verifyWith(counterNow: string): Promise<{ verification: Verification; asked: ObserveOptions[] }> {
  const asked: ObserveOptions[] = [];
  const verification = await verifyOnClock(
    (clock) => carryingReader(clock, counterNow, asked),
    before,
    expectation,
    3000,
  );
  return { verification, asked };
}

describe('a line carried over from a picture taken before the action', () => {
  it('is not the action effect: the picture read anew shows the swipe was lost, and the step fails', async () => {
    const { verification, asked } = await verifyWith('Photo 1 of 4');
    expect(verification.met).toBe(false);
    expect(asked.some((options) => options.readAnew)).toBe(true);
    expect(verification.detail).not.toMatch(/is on the screen \(/);
  });

  it('a picture read anew that shows it too is the effect: met, on a line read after the action', async () => {
    const { verification, asked } = await verifyWith('Photo 2 of 4');
    expect(verification.met).toBe(true);
    expect(asked[0]!.readAnew).toBeUndefined();
    const counter = verification.observation.screen.lines.find((l) => l.text === 'Photo 2 of 4')!;
    expect(counter.readFrom!.at).toBeGreaterThanOrEqual(1000);
  });

  it('wait_for does not take the carried line either: it reads anew and reports what is there now', async () => {
    const clock = new ManualClock(1000);
    const asked: ObserveOptions[] = [];
    const reader = carryingReader(clock, 'Photo 1 of 4', asked);
    const context = {
      clock,
      signal: new AbortController().signal,
      observation: () => before,
      observe: (options?: ObserveOptions) => reader.observe(options),
    } as unknown as ToolContext;
    let result: { status: string; content: string } | undefined;
    void waitFor.run({ text: 'Photo 2 of 4', timeout_ms: 2000 }, context).then((r) => (result = r));
    await advanceUntil(clock, () => result !== undefined, { stepMs: 50, limitMs: 60_000, what: 'wait_for' });
    expect(result!.status).toBe('not_found');
    expect(asked.some((options) => options.readAnew)).toBe(true);
  });

  it('a window of carried-over rows proves nothing unchanged: one picture read whole shows the cart changed, so no retry', async () => {
    // "Add to cart" expected "Added" (a toast that never showed); the cart line changed by one
    // digit, which the band read's fingerprint missed: the rows were carried over all window.
    const cartBefore: Observation = {
      at: 900,
      screen: screen([title, line('Cart: 1 item', 60, 2100)]),
      quality: { ok: true },
    };
    const asked: ObserveOptions[] = [];
    const verification = await verifyOnClock(
      (clock) => ({
        async observe(options: ObserveOptions = {}): Promise<Observation> {
          asked.push(options);
          const at = clock.now();
          await clock.sleep(300);
          const rows = options.readAnew
            ? [
                { ...title, readFrom: { at } },
                { ...line('Cart: 2 items', 60, 2100), readFrom: { at } },
              ]
            : [
                { ...title, readFrom: { at: OLDER_PICTURE } },
                { ...line('Cart: 1 item', 60, 2100), readFrom: { at: OLDER_PICTURE } },
              ];
          return { at, screen: screen(rows), quality: { ok: true } };
        },
        describe: () => 'a reader carrying every row over',
        close: async () => undefined,
      }),
      cartBefore,
      { kind: 'text_appears', text: 'Added' },
      3000,
    );
    expect(verification.met).toBe(false);
    expect(asked.some((options) => options.readAnew)).toBe(true);
    expect(verification.window.change?.summary).toMatch(/Cart/);
    expect(provenUnchanged(verification.window)).toBe(false);
  });
});
