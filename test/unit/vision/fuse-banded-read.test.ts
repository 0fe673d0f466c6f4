// Frames of a PWM-dimmed display (the severe pwm-banding fault: bands from 0.4 to 1.4 of the
// light, their phase each frame's own) fused by the capture path (burst-fusion.ts
// fuseBandedFrames): each row weighted by the light it had in each frame, at the light of the
// display without bands. Light-gray text on a white page (#C8C8C8, a hint's or a disabled item's
// gray) clips with its white in every bright band, and dividing a frame's bands out lifts every
// row to the brightest bands' light, where it clips too: the median of debanded frames lost it;
// the rows whose dark bands held it under the clip keep it. A drawn screen photographed by the
// virtual camera on a manual clock, the fused look read by the reader (the engine a bench reads with).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/adapters/clock/manual-clock.js';
import { GatedCapture } from '../../../src/adapters/observer-camera/gated-capture.js';
import { startOcr, type OcrReader } from '../../../src/adapters/observer-camera/index.js';
import { ScreenReader } from '../../../src/adapters/observer-camera/screen-reader.js';
import { withCameraFault } from '../../../src/sim/camera/camera-faults.js';
import { drawnScreenCamera } from '../../support/drawn-camera.js';

const WIDTH = 720,
  HEIGHT = 1280;
const TITLES = ['Backup', 'Network', 'Storage', 'Privacy', 'About'];
/** The light-gray summaries under the titles. */
const LINES = [
  'Remember this device',
  'Sync over mobile data',
  'Show hidden folders',
  'Send crash reports',
  'Version 4.2 build 17',
];

/** A settings page: a dark title over a light-gray summary, five times. */
function drawing(): string {
  const texts = TITLES.flatMap((title, index) => [
    `<text x="48" y="${200 + index * 220}" font-family="sans-serif" font-size="48" fill="#212121">${title}</text>`,
    `<text x="48" y="${262 + index * 220}" font-family="sans-serif" font-size="40" fill="#C8C8C8">${LINES[index]}</text>`,
  ]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#FFFFFF"/>${texts.join('')}</svg>`;
}

describe('fusing the frames of a PWM-dimmed display by their rows’ light', () => {
  let engine: OcrReader;
  beforeAll(async () => {
    engine = await startOcr({ workers: 1 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('reads light-gray lines the bright bands clip, from the rows whose dark bands held them', async () => {
    const clock = new ManualClock();
    const { port, calibration, frames } = await drawnScreenCamera(
      { svg: drawing(), width: WIDTH, height: HEIGHT },
      withCameraFault('pwm-banding', 'severe'),
      clock,
      { seed: 11 },
    );
    const { frame, record } = await new GatedCapture(port, calibration, clock).capture({});
    expect(record, JSON.stringify(record)).toMatchObject({ chosen: 'fused', fused: 3 });
    const read = async (image: Uint8Array) =>
      (await new ScreenReader(engine, { kind: 'camera', calibration }).read(image)).model.lines.map(
        (line) => line.text,
      );
    const words = (lines: string[]) => new Set(lines.flatMap((line) => line.split(/\s+/)));
    const wanted = LINES.flatMap((line) => line.split(' '));
    const fused = await read(frame.image);
    // Before: the median of the debanded frames read them as fragments ('Rer', 'iis d', 'olde'), no word whole.
    expect(LINES.filter((text) => fused.includes(text)).length).toBeGreaterThanOrEqual(2);
    expect(wanted.filter((word) => words(fused).has(word)).length).toBeGreaterThanOrEqual(wanted.length / 2);
    // A single frame, its bands divided out by the reader, keeps none of them whole.
    const single = await read(frames[0]!);
    expect(LINES.filter((text) => single.includes(text))).toEqual([]);
  }, 120_000);
});
