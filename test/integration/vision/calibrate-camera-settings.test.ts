// `benchhand calibrate` chooses the camera's settings on the virtual bench, whose camera starts
// underexposed (-2 EV) and out of focus (its lens at 5 dioptres, the phone sharp at 11.1): the
// sweep's choice scores well above the camera as it was, the calibration file holds it, and the
// doctor's camera-settings check (the one `benchhand doctor` runs) passes on a fresh picture at
// the saved settings; then the rig's lamp dims and the doctor says the light drifted.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorChecks } from '../../../src/app/doctor/run-doctor.js';
import { parseCalibration, type CalibrationBlock } from '../../../src/core/vision/calibration-schema.js';
import { startBench, type BenchFixture } from '../../support/bench-fixture.js';
import { runCli } from '../../support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'calibrate-settings-'));
const out = join(dir, 'calibration.json');
let fixture: BenchFixture;
let cameraUrl: string;

beforeAll(async () => {
  fixture = await startBench({
    deviceFile: 'src/sim/devices/shop-checkout.yaml',
    camera: { exposure: 0.53, lensDioptres: 5 },
  });
  cameraUrl = `${fixture.server.url}/camera/`;
});
afterAll(() => fixture?.close());

const cameraSettingsCheck = (calibration: CalibrationBlock) =>
  doctorChecks({ cameraSource: cameraUrl, calibration, stateDir: dir, timeoutMs: 10_000 })
    .find((check) => check.name === 'camera-settings')!
    .run();

describe('benchhand calibrate: camera settings by measurement', () => {
  it('sweeps, writes settings that score above the camera as it was, and the doctor passes, then warns when the lamp dims', async () => {
    // The sweep's 90 s default is wall time; a busy CI machine must not cut it short here.
    const result = await runCli([
      'calibrate',
      '--bench',
      cameraUrl,
      '--out',
      out,
      '--yes',
      '--settings-seconds',
      '3600',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const pictures = Number(/3\. camera settings: (\d+) pictures in [\d.]+ s/.exec(result.stdout)?.[1]);
    expect(pictures).toBeGreaterThan(20);
    expect(pictures).toBeLessThanOrEqual(31);
    expect(result.stdout).not.toMatch(/stopped early/);
    const times = Number(/the chosen settings score ([\d.]+) times the camera's own/.exec(result.stdout)?.[1]);
    expect(times).toBeGreaterThan(1.5);

    const parsed = parseCalibration(JSON.parse(readFileSync(out, 'utf8')));
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const camera = parsed.calibration.camera!;
    expect(camera.score).toBeGreaterThan(0);
    // The lens found within half a dioptre of where the phone is sharp; the light raised (x2 or more).
    expect(Math.abs(camera.lensPosition! - 11.1)).toBeLessThanOrEqual(0.5);
    expect(camera.shutterUs * camera.gain).toBeGreaterThanOrEqual(40_000);
    expect(result.stdout).toContain(`chosen: shutter ${camera.shutterUs} us, gain ${camera.gain}`);

    // A fresh picture at the saved settings scores as the calibration did.
    const steady = await cameraSettingsCheck(parsed.calibration);
    expect(steady).toMatchObject({ status: 'pass', detail: expect.stringMatching(/a picture now: score/) });

    // The lamp that lit the phone's screen dims to 30 %.
    expect((await fixture.fault({ fault: 'camera-light', light: 0.3 })).status).toBe(200);
    const dimmed = await cameraSettingsCheck(parsed.calibration);
    expect(dimmed).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(/the picture has drifted, the light changed since calibration/),
      fix: expect.stringMatching(/benchhand calibrate/),
    });
  }, 300_000);
});
