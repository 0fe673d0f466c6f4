// The case that once stopped a resume for a person: a drag planned on the messages app's pinned
// list while the "Zoe Archer muted" toast was still up; the agent was killed before the drag was
// sent, and by the time `resume` looked, the toast had faded. On real camera frames (virtual
// device, camera model, the observer's own fingerprint and toast detection), recovery must take
// that for the same screen (the drag is done again), and a drag that did happen for another.
import { describe, expect, it } from 'vitest';
import { prepareCameraFrame } from '../../../src/adapters/observer-camera/preprocess.js';
import { fingerprintCameraFrame } from '../../../src/adapters/observer-camera/fingerprint-frame.js';
import { sameScreen } from '../../../src/core/recovery/same-screen.js';
import { detectLayout } from '../../../src/core/vision/detect-layout.js';
import { packFingerprint } from '../../../src/core/vision/packed-fingerprint.js';
import { screenModel } from '../../../src/core/vision/screen-model.js';
import { resolveDeviceFile } from '../../../src/cli/commands/sim.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { Driver } from '../sim/drive.js';
import { seeing } from '../../support/recovery-fixtures.js';

const SIZE = { width: 1080, height: 2400 };

async function pinnedListWithToast() {
  const d = new Driver(VirtualDevice.fromFile(resolveDeviceFile('messages')));
  d.swipe({ x: 540, y: 2000 }, { x: 540, y: 900 }, 300).wait(500);
  d.tap('Pinned').wait(500);
  // The toast as the Mute button shows it (a fault due now is applied at the next tick).
  d.device.faults.changeScreenAt(0, [{ toast: 'Zoe Archer muted' }]);
  d.wait(100);
  const camera = new VirtualCamera({ source: () => d.device.render(), seed: 11 });
  const look = async () => {
    const capture = await camera.captureWithTruth();
    const calibration = { deviceSize: SIZE, screenCorners: capture.screenCorners };
    const { print } = await fingerprintCameraFrame(capture.frame.image, calibration);
    const prepared = await prepareCameraFrame(capture.frame.image, calibration);
    const layout = detectLayout(prepared.rectified, SIZE);
    return { print, model: screenModel(SIZE, [], layout) };
  };
  return { d, look };
}

describe('recovery after a toast faded while the agent was down', () => {
  it('the toast seen on the planned picture is passed over: same screen; a drag that happened is not', async () => {
    const { d, look } = await pinnedListWithToast();
    expect(d.texts()).toContain('Zoe Archer muted');
    const planned = await look();
    const toasts = planned.model.regions.filter((r) => r.kind === 'toast');
    expect(toasts).toHaveLength(1);
    const before = {
      text: 'Pinned\nFamily\nWork\nClimbing club\nZoe Archer muted',
      content: packFingerprint(
        planned.print,
        toasts.map((r) => r.box),
      ),
    };
    d.wait(3000);
    expect(d.texts()).not.toContain('Zoe Archer muted');
    const faded = await look();
    const fresh = (print: typeof faded.print) => ({ ...seeing('Pinned', 'Family', 'Work'), content: print });
    expect(sameScreen(before, fresh(faded.print))).toEqual({
      same: true,
      how: expect.stringMatching(/^by pixels: no content cell moved/),
    });
    // Without the toast's box (an old journal) the faded toast reads as a change: what once stopped the resume.
    expect(sameScreen({ ...before, content: packFingerprint(planned.print) }, fresh(faded.print)).same).toBe(false);
    const from = d.centre('Family'),
      to = d.centre('Climbing club');
    d.swipe(from, to, 600, 700).wait(500);
    expect(d.texts().indexOf('Family')).toBeGreaterThan(d.texts().indexOf('Climbing club'));
    const dragged = await look();
    expect(sameScreen(before, fresh(dragged.print)).same).toBe(false);
  }, 60_000);
});
