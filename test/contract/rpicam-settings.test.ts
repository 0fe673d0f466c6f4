// The Pi camera takes settings by restarting rpicam-vid with them (it reads its controls only from
// its command line): a stand-in rpicam-vid (a shell script that records its arguments, names its
// sensor on stderr as rpicam-vid does, then writes MJPEG) shows the options passed, the producer
// replaced, and the lens left alone on a camera without one. The real one: BENCHHAND_TEST_RPICAM.
import { writeFileSync, chmodSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RpicamCamera } from '../../src/adapters/camera/rpicam-camera.js';
import { mjpegWriter, type MjpegWriter } from '../support/mjpeg-writer.js';

const opened: { camera: RpicamCamera; writer: MjpegWriter }[] = [];
afterEach(async () => {
  for (const { camera, writer } of opened.splice(0)) {
    await camera.close();
    writer.remove();
  }
});

/** A stand-in rpicam-vid in the writer's folder; `sensor` is what it says it registered. */
async function fakeRpicam(sensor: string): Promise<{ camera: RpicamCamera; writer: MjpegWriter; argsFile: string }> {
  const writer = await mjpegWriter({ intervalMs: 30 });
  const dir = writer.args[1]!.replace(/\/pid$/, '');
  const argsFile = join(dir, 'args');
  const script = join(dir, 'rpicam-vid');
  const quoted = [writer.command, ...writer.args].map((arg) => `'${arg}'`).join(' ');
  writeFileSync(
    script,
    `#!/bin/sh\necho "$*" >> '${argsFile}'\necho "INFO RPI pisp.cpp: Registered camera /base/axi/i2c@88000/${sensor}@1a" >&2\nexec ${quoted}\n`,
  );
  chmodSync(script, 0o755);
  const camera = new RpicamCamera({ command: script, width: 640, height: 480, timeoutMs: 10_000 });
  opened.push({ camera, writer });
  return { camera, writer, argsFile };
}

const SETTINGS = { shutterUs: 30_000, gain: 2, awbGains: [2, 1.5] as [number, number], lensPosition: 11 };

describe('Pi camera settings through rpicam-vid', () => {
  it('restarts rpicam-vid with --shutter, --gain, --awbgains and a manual lens position on a Camera Module 3', async () => {
    const { camera, writer, argsFile } = await fakeRpicam('imx708');
    const support = await camera.settingsControl();
    if (!support.ok) throw new Error(support.reason);
    expect(support.control.focusable).toBe(true);
    // Automatic exposure until settings are applied: nothing for the quality gate to correct.
    expect(support.control.current?.()).toBeUndefined();
    expect(support.control.shutterLimitsUs).toEqual({ minUs: 100, maxUs: 100_000 });
    const before = await camera.capture();
    const firstPid = writer.pid();
    await support.control.apply(SETTINGS);
    const after = await camera.capture({ newerThan: before.capturedAt });
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(writer.pid()).not.toBe(firstPid);
    expect(support.control.current?.()).toEqual(SETTINGS);
    const runs = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(runs).toHaveLength(2);
    expect(runs[0]).not.toMatch(/--shutter/);
    expect(runs[1]).toMatch(
      /--shutter 30000 --gain 2 --awbgains 2,1\.5 --autofocus-mode manual --lens-position 11(\s|$)/,
    );
  });

  it('tells the settings it was started locked at, and its shutter limits at its frame rate', async () => {
    const camera = new RpicamCamera({
      shutterUs: 20_000,
      gain: 1,
      awbGains: [2, 1.5],
      framerate: 30,
      focusable: false,
    });
    const support = await camera.settingsControl();
    if (!support.ok) throw new Error(support.reason);
    expect(support.control.current?.()).toEqual({ shutterUs: 20_000, gain: 1, awbGains: [2, 1.5] });
    expect(support.control.shutterLimitsUs).toEqual({ minUs: 100, maxUs: 33_333 });
    await camera.close();
  });

  it('leaves the lens out on a fixed-focus camera (Camera Module 2: imx219)', async () => {
    const { camera, argsFile } = await fakeRpicam('imx219');
    const support = await camera.settingsControl();
    if (!support.ok) throw new Error(support.reason);
    expect(support.control.focusable).toBe(false);
    await support.control.apply(SETTINGS);
    await camera.capture();
    const runs = readFileSync(argsFile, 'utf8').trim().split('\n');
    expect(runs[1]).toMatch(/--shutter 30000 --gain 2 --awbgains 2,1\.5/);
    expect(runs[1]).not.toMatch(/lens-position|autofocus/);
  });
});
