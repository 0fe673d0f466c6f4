import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { resolveCameraOptions } from '../../../src/sim/camera/camera-options.js';
import { applyHomography, homographyFromPoints, invertHomography } from '../../../src/sim/camera/homography.js';
import { photograph } from '../../../src/sim/camera/photograph.js';
import { VirtualCamera } from '../../../src/sim/camera/virtual-camera.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';

const device = VirtualDevice.fromFile(join(import.meta.dirname, '../../../src/sim/devices/shop-checkout.yaml'));
const deviceFrame = device.render();

async function gray(jpeg: Uint8Array) {
  return sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
}

/** A black screen with one white square: where it lands in the picture tests the corner truth. */
async function markerScreen() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2400"><rect width="1080" height="2400" fill="black"/><rect x="700" y="400" width="120" height="120" fill="white"/></svg>`;
  return { png: await sharp(Buffer.from(svg)).png().toBuffer(), width: 1080, height: 2400 };
}

describe('homography', () => {
  it('maps the four points and inverts', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 10, y: 20 },
      { x: 0, y: 20 },
    ];
    const to = [
      { x: 100, y: 50 },
      { x: 180, y: 60 },
      { x: 170, y: 230 },
      { x: 95, y: 210 },
    ];
    const h = homographyFromPoints(from, to);
    from.forEach((p, i) => expect(applyHomography(h, p).x).toBeCloseTo(to[i]!.x, 6));
    const back = applyHomography(invertHomography(h), to[2]!);
    expect(back.x).toBeCloseTo(10, 6);
    expect(back.y).toBeCloseTo(20, 6);
  });
});

describe('virtual camera', () => {
  it('is reproducible: same seed and device frame give the same bytes, another seed does not', async () => {
    const frame = await deviceFrame;
    const camera = (seed: number) => new VirtualCamera({ source: async () => frame, seed });
    const a = await camera(42).capture();
    const b = await camera(42).capture();
    const c = await camera(43).capture();
    expect(Buffer.from(a.image).equals(Buffer.from(b.image))).toBe(true);
    expect(Buffer.from(a.image).equals(Buffer.from(c.image))).toBe(false);
    expect([a.format, a.width, a.height, a.sequence]).toEqual(['jpeg', 1640, 1232, 1]);
  });

  it('puts a marker where the screen-corner homography says', async () => {
    const options = resolveCameraOptions({
      noiseSigma: 0,
      glare: { strength: 0 },
      bench: [20, 20, 20],
      rotationDeg: 87,
      tilt: { x: 0.08, y: -0.05 },
    });
    const photo = await photograph(await markerScreen(), options, 1);
    const { data, info } = await gray(photo.jpeg);
    let sx = 0,
      sy = 0,
      n = 0;
    for (let y = 0; y < info.height; y++)
      for (let x = 0; x < info.width; x++)
        if (data[y * info.width + x]! > 128) {
          sx += x;
          sy += y;
          n++;
        }
    const expected = applyHomography(photo.deviceToCamera, { x: 760, y: 460 });
    expect(n).toBeGreaterThan(500);
    expect(Math.abs(sx / n - expected.x)).toBeLessThan(1.5);
    expect(Math.abs(sy / n - expected.y)).toBeLessThan(1.5);
    const corner = applyHomography(photo.deviceToCamera, { x: 1080, y: 2400 });
    expect(corner.x).toBeCloseTo(photo.screenCorners[2]!.x, 6);
  });

  it('returns a dark frame and a blurred frame when those faults are on, then normal ones', async () => {
    const frame = await deviceFrame;
    // Without sensor noise, so the sharpness measure sees the picture, not the grain.
    const camera = new VirtualCamera({ source: async () => frame, seed: 5, options: { noiseSigma: 0 } });
    const mean = async (jpeg: Uint8Array) => (await sharp(jpeg).stats()).channels[0]!.mean;
    const sharpness = async (jpeg: Uint8Array) => {
      const { data, info } = await gray(jpeg);
      let sum = 0;
      for (let i = 1; i < info.width * info.height; i++) sum += Math.abs(data[i]! - data[i - 1]!);
      return sum;
    };
    const normal = await camera.capture();
    camera.faults.darkFrames(1);
    const dark = await camera.captureWithTruth();
    expect(dark.fault).toBe('dark');
    expect(await mean(dark.frame.image)).toBeLessThan((await mean(normal.image)) * 0.15);
    camera.faults.blurredFrames(1);
    const blurred = await camera.capture();
    expect(await sharpness(blurred.image)).toBeLessThan((await sharpness(normal.image)) * 0.7);
    const after = await camera.captureWithTruth();
    expect(after.fault).toBeUndefined();
    expect(after.frame.sequence).toBe(4);
  });

  // Behaviour, not duration: how fast a frame is made is measured by scripts/bench (vision.bench.ts),
  // where a busy machine cannot fail a test.
  it('waits for a frame newer than a moment, and reports the time of each stage of making it', async () => {
    const frame = await deviceFrame;
    const camera = new VirtualCamera({ source: async () => frame, seed: 9 });
    const asked = performance.now() + 30;
    const captured = await camera.capture({ newerThan: asked, timeoutMs: 1000 });
    expect(captured.capturedAt).toBeGreaterThan(asked);
    const truth = await camera.captureWithTruth();
    expect(Object.keys(truth.photo.timings).sort()).toEqual(['encodeMs', 'opticsMs', 'prepareMs', 'warpMs']);
    for (const ms of Object.values(truth.photo.timings)) expect(ms).toBeGreaterThanOrEqual(0);
    expect(camera.describe()).toMatch(/virtual camera 1640x1232/);
  });
});
