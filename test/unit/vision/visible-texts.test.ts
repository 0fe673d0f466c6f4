// The OCR corpus's truth is what a person sees: the sign-in device's heads-up notification is
// drawn over the code screen's title, so the title is not truth while it shows; the notification's
// own text is, and text behind a dialog's half-transparent scrim stays truth (dimmed, not hidden).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { loadDeviceFile } from '../../../src/sim/device/load.js';
import { textRuns } from '../../../src/sim/device/view.js';
import { coveredShare, visibleTextRuns } from '../../support/visible-texts.js';
import { Driver } from '../sim/drive.js';

const device = (name: string) =>
  new Driver(new VirtualDevice(loadDeviceFile(join(import.meta.dirname, `../../../src/sim/devices/${name}.yaml`))));

describe('visibleTextRuns', () => {
  it('drops the title hidden under a heads-up notification and keeps the notification', () => {
    const d = device('sign-in-otp')
      .tap('Email')
      .type('ada@example.com')
      .key('Tab')
      .type('hunter22')
      .key('Enter')
      .wait(1000)
      .wait(2600);
    const view = d.device.view();
    const drawn = textRuns(view).map((run) => run.text);
    const seen = visibleTextRuns(view).map((run) => run.text);
    expect(drawn).toContain("Verify it's you");
    expect(seen).not.toContain("Verify it's you");
    const hidden = drawn.filter((text) => !seen.includes(text));
    expect(hidden).toEqual(["Verify it's you"]);
    // The notification's own title is drawn last: nothing covers it.
    const banner = view.marks!.find((mark) => mark.kind === 'banner')!;
    expect(seen).toContain(banner.label);
  });

  it('keeps the page behind a dialog scrim (dimmed, not hidden) and drops only what the card covers', () => {
    const d = device('shop-checkout').wait(4000);
    const view = d.device.view();
    const seen = visibleTextRuns(view).map((run) => run.text);
    expect(seen).toContain('10% off today!');
    expect(seen).toEqual(textRuns(view).map((run) => run.text));
    expect(seen.length).toBeGreaterThan(4);
  });

  it('counts the share of a box under the union of covers', () => {
    const box = { x: 0, y: 0, width: 40, height: 40 };
    expect(coveredShare(box, [])).toBe(0);
    expect(coveredShare(box, [{ x: 0, y: 0, width: 20, height: 40 }])).toBeCloseTo(0.5);
    expect(
      coveredShare(box, [
        { x: 0, y: 0, width: 20, height: 40 },
        { x: 20, y: 0, width: 20, height: 20 },
      ]),
    ).toBeCloseTo(0.75);
    expect(coveredShare(box, [{ x: -10, y: -10, width: 100, height: 100 }])).toBe(1);
  });
});
