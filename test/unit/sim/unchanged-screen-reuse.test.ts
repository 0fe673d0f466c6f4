// An unchanged screen is neither rasterised nor projected again (render.ts, photograph.ts), and
// that saving must not change a single byte of what the camera delivers.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { photograph, type ProjectionMemo } from '../../../src/sim/camera/photograph.js';
import { resolveCameraOptions } from '../../../src/sim/camera/camera-options.js';
import { VirtualDevice } from '../../../src/sim/device/device.js';
import { lastDrawingRasterizer } from '../../../src/sim/device/render.js';
import { Driver } from './drive.js';

const devices = join(import.meta.dirname, '../../../src/sim/devices');
const svg = (fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="80"><rect width="40" height="80" fill="${fill}"/></svg>`;

describe('the last drawing, remembered', () => {
  it('gives the same PNG object for the same SVG and draws anew for another', async () => {
    const rasterize = lastDrawingRasterizer();
    const first = await rasterize(svg('white'));
    expect(await rasterize(svg('white'))).toBe(first);
    const other = await rasterize(svg('black'));
    expect(other).not.toBe(first);
    expect(other.equals(first)).toBe(false);
    // One drawing is remembered, not every one.
    expect(await rasterize(svg('white'))).not.toBe(first);
  });

  it('does not remember a drawing that failed', async () => {
    const rasterize = lastDrawingRasterizer();
    await expect(rasterize('<svg not closed')).rejects.toThrow();
    await expect(rasterize('<svg not closed')).rejects.toThrow();
    expect((await rasterize(svg('white'))).length).toBeGreaterThan(0);
  });
});

describe('an unchanged screen, photographed again', () => {
  it('reuses the projection and gives exactly the bytes of a fresh one; a change is projected anew', async () => {
    const d = new Driver(VirtualDevice.fromFile(join(devices, 'settings-wifi.yaml')));
    const options = resolveCameraOptions();
    const memo: ProjectionMemo = {};
    const before = await d.device.render();
    const again = await d.device.render();
    expect(again.png).toBe(before.png); // the device did not draw again
    const first = await photograph(before, options, 1, {}, memo);
    const reused = await photograph(again, options, 2, {}, memo);
    const fresh = await photograph(again, options, 2);
    expect(first.timings.warpMs).toBeGreaterThan(0);
    expect([reused.timings.prepareMs, reused.timings.warpMs]).toEqual([0, 0]);
    expect(reused.jpeg.equals(fresh.jpeg)).toBe(true);
    // Light and noise are per frame: another seed, other bytes, from the same projection.
    expect(reused.jpeg.equals(first.jpeg)).toBe(false);
    // More blur is another projection.
    const blurred = await photograph(again, options, 2, { extraBlurSigma: 4 }, memo);
    expect(blurred.timings.warpMs).toBeGreaterThan(0);
    d.tap(d.device.groundTruth().targets[1]!.label);
    const changed = await d.device.render();
    expect(changed.png).not.toBe(before.png);
    const after = await photograph(changed, options, 3, {}, memo);
    expect(after.timings.warpMs).toBeGreaterThan(0);
    expect(after.jpeg.equals((await photograph(changed, options, 3)).jpeg)).toBe(true);
  });
});
