import { describe, expect, it } from 'vitest';
import { decodeGray } from '../../../src/adapters/observer-camera/decode.js';
import { fitAffine, applyAffine, identityAffine } from '../../../src/core/vision/affine.js';
import { screenMapping } from '../../../src/core/vision/calibration.js';
import { parseCalibration } from '../../../src/core/vision/calibration-schema.js';
import { detectScreenCorners } from '../../../src/core/vision/corner-detect.js';
import { readFileSync } from 'node:fs';
import { corpusFrames, isLightTheme } from '../../support/ocr-corpus.js';

const frames = corpusFrames();
const grid = [0.1, 0.5, 0.9].flatMap((fx) => [0.1, 0.5, 0.9].map((fy) => ({ x: 1080 * fx, y: 2400 * fy })));

describe('screen calibration (device <-> camera)', () => {
  it('round-trips device points through the camera within 1e-6 px with the recorded corners', () => {
    for (const frame of frames.slice(0, 8)) {
      const mapping = screenMapping({ deviceSize: frame.truth.deviceSize, screenCorners: frame.truth.screenCorners });
      for (const p of grid) {
        const back = mapping.toDevice(mapping.toCamera(p));
        expect(Math.hypot(back.x - p.x, back.y - p.y)).toBeLessThan(1e-6);
      }
      expect(mapping.toCamera({ x: 0, y: 0 }).x).toBeCloseTo(frame.truth.screenCorners[0]!.x, 6);
    }
  });

  it('with automatically detected corners, puts device points within 4 device px of where the true corners do', async () => {
    // Stated error: corners within 2 camera px; a camera px is about 2.3 device px at the default setting.
    for (const frame of frames
      .filter((f) => isLightTheme(f) && ['settings', 'networks', 'cart', 'checkout'].includes(f.state))
      .slice(0, 5)) {
      const found = detectScreenCorners(await decodeGray(readFileSync(frame.cameraPath)), {
        deviceSize: frame.truth.deviceSize,
      });
      expect(found.ok).toBe(true);
      if (!found.ok) continue;
      const truth = screenMapping({ deviceSize: frame.truth.deviceSize, screenCorners: frame.truth.screenCorners });
      const detected = screenMapping({ deviceSize: frame.truth.deviceSize, screenCorners: found.corners });
      for (const p of grid) {
        const q = detected.toDevice(truth.toCamera(p));
        expect(Math.hypot(q.x - p.x, q.y - p.y)).toBeLessThan(4);
      }
    }
  });
});

describe('actuator map (least-squares affine from taps)', () => {
  const truth = [0.9, 0.05, 12, -0.03, 1.1, -7] as const;
  const devicePoints = [
    { x: 100, y: 200 },
    { x: 980, y: 220 },
    { x: 540, y: 1200 },
    { x: 120, y: 2200 },
    { x: 960, y: 2180 },
  ];

  it('recovers an exact map with zero residual from 3 or more points', () => {
    const fit = fitAffine(devicePoints.map((device) => ({ device, actuator: applyAffine([...truth], device) })));
    fit.affine.forEach((v, i) => expect(v).toBeCloseTo(truth[i]!, 6));
    expect(fit.maxResidual).toBeLessThan(1e-6);
  });

  it('reports the residual in device px when taps land off (2 px of error on one point)', () => {
    const pairs = devicePoints.map((device, i) => ({
      device,
      actuator: applyAffine([...truth], { x: device.x + (i === 2 ? 2 : 0), y: device.y }),
    }));
    const fit = fitAffine(pairs);
    expect(fit.maxResidual).toBeGreaterThan(0.8);
    expect(fit.maxResidual).toBeLessThan(2);
    expect(fit.rmsResidual).toBeGreaterThan(0.3);
  });

  it('refuses too few or collinear points with a message that says what to do', () => {
    expect(() => fitAffine(devicePoints.slice(0, 2).map((device) => ({ device, actuator: device })))).toThrow(
      /at least 3/,
    );
    const line = [0, 1, 2].map((i) => ({ x: 100 * i, y: 100 * i }));
    expect(() => fitAffine(line.map((device) => ({ device, actuator: device })))).toThrow(/one line/);
  });
});

describe('calibration block schema', () => {
  const good = {
    version: 1,
    deviceSize: { width: 1080, height: 2400 },
    cameraSize: { width: 1640, height: 1232 },
    screenCorners: [
      { x: 1, y: 2 },
      { x: 3, y: 4 },
      { x: 5, y: 6 },
      { x: 7, y: 8 },
    ],
    actuator: { affine: [...identityAffine], source: 'identity' },
  };

  it('accepts a whole block and names the field of a bad one', () => {
    expect(parseCalibration(good).ok).toBe(true);
    const bad = parseCalibration({ ...good, screenCorners: good.screenCorners.slice(0, 3), extra: 1 });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.problems.join('\n')).toMatch(/calibration\.screenCorners: screenCorners needs exactly 4 points/);
      expect(bad.problems.join('\n')).toMatch(/extra/);
    }
  });
});
