import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeGray } from '../../../src/adapters/observer-camera/decode.js';
import { cornerError } from '../../../src/core/vision/calibration.js';
import { detectScreenCorners } from '../../../src/core/vision/corner-detect.js';
import { corpusFrames, isLightTheme } from '../../support/ocr-corpus.js';

const frames = corpusFrames();
const detect = async (path: string, deviceSize: { width: number; height: number }) =>
  detectScreenCorners(await decodeGray(readFileSync(path)), { deviceSize });

describe('automatic screen-corner detection on corpus frames', () => {
  it('finds the corners of a lit screen within 2 camera px of the truth, in device order', async () => {
    // Light theme, no dialog: every camera setting, including the dark and blurred faults.
    const lit = frames.filter((f) => isLightTheme(f) && !['promo', 'confirm-pay'].includes(f.state));
    expect(lit.length).toBeGreaterThan(15);
    for (const frame of lit) {
      const found = await detect(frame.cameraPath, frame.truth.deviceSize);
      expect(found.ok, `${frame.dir}/${frame.stem}`).toBe(true);
      if (found.ok)
        expect(cornerError(found.corners, frame.truth.screenCorners), `${frame.dir}/${frame.stem}`).toBeLessThan(2);
    }
  });

  it('says so instead of guessing when the screen is dark (dark theme)', async () => {
    const dark = frames.find((f) => f.device === 'sign-in-otp' && f.state === 'signin')!;
    const found = await detect(dark.cameraPath, dark.truth.deviceSize);
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.problem).toMatch(/no lit screen found.*give the corners by hand/);
  });
});
