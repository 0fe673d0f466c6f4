// `benchhand calibrate --taps` on the virtual bench: the MCU taps known points, the phone's
// pointer location shows where they landed, the camera and OCR read it, and the fitted actuator
// map recovers how the phone lies in the workspace (a mount the command is not told about).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../../src/cli/commands/sim.js';
import { parseCalibration } from '../../../src/core/vision/calibration-schema.js';
import { BenchServer } from '../../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../../src/sim/bench/virtual-bench.js';
import { runCli } from '../../support/run-cli.js';

describe('benchhand calibrate --taps', () => {
  let bench: VirtualBench;
  let server: BenchServer;
  beforeAll(async () => {
    bench = await VirtualBench.start({
      deviceFile: resolveDeviceFile('settings-wifi'),
      mount: { offsetX: 40, offsetY: 60, scale: 1.25 },
    });
    server = await BenchServer.start(bench);
  });
  afterAll(async () => {
    await server.close();
    await bench.stop();
  });

  it('fits the device-to-actuator map from taps read back through the camera', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'bh-cal-')), 'calibration.json');
    const without = await runCli([
      'calibrate',
      '--bench',
      `${server.url}/camera/`,
      '--port',
      bench.serialPath,
      '--taps',
      // The camera's settings are not this test's: no sweep (calibrate-camera-settings.test.ts has it).
      '--no-settings',
      '--yes',
      '--out',
      out,
    ]);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/switch on Developer options → Pointer location/);
    await fetch(`${server.url}/faults`, {
      method: 'POST',
      body: JSON.stringify({ fault: 'pointer-location', on: true }),
    });
    const { code, stdout, stderr } = await runCli([
      'calibrate',
      '--bench',
      `${server.url}/camera/`,
      '--port',
      bench.serialPath,
      '--taps',
      // The camera's settings are not this test's: no sweep (calibrate-camera-settings.test.ts has it).
      '--no-settings',
      '--yes',
      '--out',
      out,
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/landed at device/);
    const parsed = parseCalibration(JSON.parse(readFileSync(out, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const [a, b, c, d, e, f] = parsed.calibration.actuator.affine as number[];
    expect(parsed.calibration.actuator.source).toBe('taps');
    expect(a).toBeCloseTo(1.25, 2);
    expect(e).toBeCloseTo(1.25, 2);
    expect(Math.abs(b!) + Math.abs(d!)).toBeLessThan(0.01);
    expect(Math.abs(c! - 40)).toBeLessThan(2);
    expect(Math.abs(f! - 60)).toBeLessThan(2);
    expect(parsed.calibration.actuator.rmsResidualPx).toBeLessThan(1.5);
  }, 120000);
});
