// A lamp's reflection on the glass (the severe glare fault: a spot twice the screen's white, a bound
// from above) burns out a patch of the screen whole, its text with it. On a camera that takes
// settings the capture path takes one frame at a shutter three stops shorter, finds ink in the
// patch and fills the patch in from it (core/vision/glare-bracket.ts): the look's record names the
// bracketed frame, and the lines under the spot read. A camera without settings is left as it was.
// A drawn list photographed by the virtual camera on a manual clock, read by the reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../../src/adapters/observer-camera/gated-capture.js';
import { startOcr, type OcrReader } from '../../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { withCameraFault } from '../../../src/sim/camera/camera-faults.js';
import { drawnScreenCamera } from '../../support/drawn-camera.js';

const WIDTH = 720,
  HEIGHT = 1280;
const LINES = [
  'Alarm clock',
  'Battery saver',
  'Calendar sync',
  'Dark theme',
  'Email alerts',
  'Font size',
  'Gesture control',
  'Home screen',
  'Input method',
  'Keyboard sounds',
  'Location history',
  'Mobile data',
  'Night light',
  'Offline maps',
  'Private browsing',
  'Quick settings',
  'Ringtone volume',
  'Screen timeout',
  'Text messages',
  'Usage access',
];

function drawing(): string {
  const texts = LINES.map(
    (text, index) =>
      `<text x="60" y="${100 + index * 58}" font-family="sans-serif" font-size="38" fill="#212121">${text}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#FFFFFF"/>${texts.join('')}</svg>`;
}

async function look(settings: boolean) {
  const clock = new ManualClock();
  const taken = await drawnScreenCamera(
    { svg: drawing(), width: WIDTH, height: HEIGHT },
    withCameraFault('glare', 'severe'),
    clock,
    { seed: 3, settings },
  );
  const { frame, record } = await new GatedCapture(taken.port, taken.calibration, clock).capture({});
  return { frame, record, ...taken };
}

describe('a lamp’s reflection filled in from a bracketed frame', () => {
  let engine: OcrReader;
  beforeAll(async () => {
    engine = await startOcr({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('takes a frame at a shorter shutter, fills the burnt-out patch in and reads its lines', async () => {
    const { frame, record, frames, calibration, camera } = await look(true);
    const read = async (image: Uint8Array) =>
      (await new ScreenReader(engine, { kind: 'camera', calibration }).read(image)).model.lines.map(
        (line) => line.text,
      );
    const first = await read(frames[0]!);
    const bracketed = await read(frame.image);
    expect(record).toMatchObject({ chosen: 'bracketed', bracket: { shutterUs: 2_500, filled: true } });
    expect(record.tries).toBe(frames.length);
    // The camera is back at the shutter the gate chose: the short frame was for the patch alone.
    expect(camera.appliedSettings?.shutterUs).toBe(20_000);
    const lost = LINES.filter((text) => !first.includes(text));
    expect(lost.length).toBeGreaterThanOrEqual(2);
    for (const text of lost) expect(bracketed, text).toContain(text);
  }, 120_000);

  it('brackets a blank patch once: a look again at the same screen is spared the frame', async () => {
    const clock = new ManualClock();
    // A white page at the default exposure burns out its blank ground whole: no lamp.
    const { port, calibration } = await drawnScreenCamera({ svg: drawing(), width: WIDTH, height: HEIGHT }, {}, clock, {
      settings: true,
    });
    const gate = new GatedCapture(port, calibration, clock);
    const first = await gate.capture({});
    expect(first.record.bracket).toMatchObject({ filled: false });
    expect(first.record.chosen).not.toBe('bracketed');
    const again = await gate.capture({});
    expect(again.record.bracket).toBeUndefined();
    expect(again.record.tries).toBe(first.record.tries - 1);
  }, 60_000);

  it('takes no bracketed frame on a camera without settings', async () => {
    const { record } = await look(false);
    expect(record.bracket).toBeUndefined();
    expect(record.chosen).not.toBe('bracketed');
  }, 60_000);
});
