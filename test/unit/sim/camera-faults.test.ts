// The virtual camera's faults (src/sim/camera/camera-faults.ts): each switchable, seeded, and doing
// to the picture what its physics says. A small camera (410×308) over a small screen keeps it cheap.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CAMERA_FAULTS,
  parseCameraFault,
  withCameraFault,
  type CameraFault,
} from '../../../src/sim/camera/camera-faults.js';
import { resolveCameraOptions, type CameraOptionsInput } from '../../../src/sim/camera/camera-options.js';
import { lowLightSigmaTable } from '../../../src/sim/camera/low-light-noise.js';
import { photograph } from '../../../src/sim/camera/photograph.js';
import { applyPictureFaults } from '../../../src/sim/camera/picture-faults.js';

const small: CameraOptionsInput = {
  width: 410,
  height: 308,
  rotationDeg: 90,
  tilt: { x: 0, y: 0 },
  offset: { x: 0, y: 0 },
};
/** Ideal light: no vignette, gradient, glare or noise, so what a fault does stands alone. */
const flat: CameraOptionsInput = {
  ...small,
  vignette: 0,
  lightGradient: { x: 0, y: 0 },
  glare: { strength: 0 },
  noiseSigma: 0,
  blurSigma: 0,
};

async function screen(fill = 'white') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="270" height="600"><rect width="270" height="600" fill="${fill}"/><text x="20" y="80" font-size="40" fill="black">Sign in</text></svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), width: 270, height: 600 };
}

async function shoot(options: CameraOptionsInput, seed = 5, picture?: Awaited<ReturnType<typeof screen>>) {
  const photo = await photograph(picture ?? (await screen()), resolveCameraOptions(options), seed);
  const { data, info } = await sharp(photo.jpeg).raw().toBuffer({ resolveWithObject: true });
  return { photo, data, width: info.width };
}

describe('camera faults', () => {
  it('each fault at each strength changes the picture, and the same seed gives the same bytes', async () => {
    const picture = await screen();
    const plain = (await shoot(small, 5, picture)).photo.jpeg;
    for (const fault of CAMERA_FAULTS)
      for (const strength of ['mild', 'severe'] as const) {
        const options = withCameraFault(fault, strength, small);
        const first = (await shoot(options, 5, picture)).photo.jpeg;
        const again = (await shoot(options, 5, picture)).photo.jpeg;
        expect(Buffer.compare(first, again), `${fault} ${strength} reproducible`).toBe(0);
        expect(Buffer.compare(first, plain), `${fault} ${strength} changes the picture`).not.toBe(0);
      }
  });

  it('leaves the picture untouched (the same object) when every fault is off', async () => {
    const raw = { data: new Uint8Array(4 * 4 * 3).fill(100), width: 4, height: 4 };
    expect(
      applyPictureFaults(raw, resolveCameraOptions(), 1, { deviceToCamera: [1, 0, 0, 0, 1, 0, 0, 0, 1], screen: raw }),
    ).toBe(raw);
  });

  it('bands a PWM-dimmed screen row by row and leaves the bench beside it alone', async () => {
    const { data, width } = await shoot(withCameraFault('pwm-banding', 'severe', flat));
    // Column 205 crosses the white screen (rotated 90°: it fills the middle rows); column 5 is bench.
    const column = (x: number, from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => data[((from + i) * width + x) * 3 + 1]!);
    const onScreen = column(205, 60, 250);
    expect(Math.max(...onScreen) - Math.min(...onScreen)).toBeGreaterThan(60);
    const bench = column(3, 60, 250);
    expect(Math.max(...bench) - Math.min(...bench)).toBeLessThan(6);
  });

  it('tints white by the white balance gains', async () => {
    const { data, width } = await shoot(withCameraFault('colour-cast', 'mild', flat));
    const o = (154 * width + 205) * 3;
    expect(data[o]! / data[o + 2]!).toBeCloseTo(1.14 / 0.88, 0);
    expect(data[o]!).toBeGreaterThan(data[o + 2]! + 20);
  });

  it('makes shadows noisier than highlights in low light, and more so at the higher gain', () => {
    const mild = lowLightSigmaTable(8),
      severe = lowLightSigmaTable(16);
    expect(mild[20]!).toBeGreaterThan(mild[240]!);
    expect(severe[20]!).toBeGreaterThan(mild[20]! * 1.3);
  });

  it('shrinks the far side of the screen off axis and moves the corners a barrel lens bends', async () => {
    const picture = await screen();
    const edges = async (options: CameraOptionsInput) => {
      const [a, b, c, d] = (await photograph(picture, resolveCameraOptions(options), 1)).screenCorners;
      // Turned 90°, the device's top and bottom edges stand upright in the picture, one near, one far.
      return {
        top: Math.hypot(a!.x - b!.x, a!.y - b!.y),
        bottom: Math.hypot(d!.x - c!.x, d!.y - c!.y),
        corners: [a!, b!, c!, d!],
      };
    };
    const square = await edges(small);
    // The small camera's focal length scaled with its width (1 357 px at 1 640).
    const turned = await edges(withCameraFault('perspective', 'severe', { ...small, focalPx: 340 }));
    const ratio = (e: { top: number; bottom: number }) => Math.max(e.top, e.bottom) / Math.min(e.top, e.bottom);
    expect(ratio(square)).toBeLessThan(1.01);
    expect(ratio(turned)).toBeGreaterThan(1.1);
    const bent = await edges(withCameraFault('lens-distortion', 'severe', small));
    const fromCentre = (p: { x: number; y: number }) => Math.hypot(p.x - 205, p.y - 154);
    bent.corners.forEach((corner, i) => expect(fromCentre(corner)).toBeLessThan(fromCentre(square.corners[i]!)));
  });

  it('names the known faults when given an unknown one', () => {
    expect(parseCameraFault(' glare ')).toBe('glare' satisfies CameraFault);
    expect(() => parseCameraFault('fog')).toThrow(/unknown camera fault "fog": use one of defocus, motion-blur/);
  });
});
