// `benchhand run` on "the rig": a serial path (the native simulated MCU), a camera source (a
// replayed camera picture) and a calibration file, as a user wires a real bench before the
// config file exists. Proves the wiring; the phone behind a replayed picture cannot react.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';

const FRAME = 'test/fixtures/ocr-corpus/settings-wifi-default/00001';

describe('benchhand run on a rig given by --port, --camera and --calibration', () => {
  let sim: SimFixture;
  let dir: string;
  beforeAll(async () => {
    sim = await startSimMcu();
    dir = mkdtempSync(join(tmpdir(), 'bh-rig-'));
    const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
    writeFileSync(
      join(dir, 'calibration.json'),
      JSON.stringify({
        version: 1,
        deviceSize: truth.deviceSize,
        cameraSize: truth.cameraSize,
        screenCorners: truth.screenCorners,
        actuator: { affine: [1, 0, 0, 0, 1, 0], source: 'identity' },
      }),
    );
    writeFileSync(
      join(dir, 'task.yaml'),
      [
        'goal: Check that the settings screen is showing.',
        'steps:',
        '  - wait_for: Network & internet',
        '  - submit: { summary: The settings screen shows. }',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('reads the screen through the rig camera and finishes the task', async () => {
    const { code, stdout } = await runCli([
      'run',
      join(dir, 'task.yaml'),
      '--port',
      sim.mcu.path,
      '--camera',
      `replay:${FRAME}.camera.jpg`,
      '--calibration',
      join(dir, 'calibration.json'),
      '--state-dir',
      join(dir, 'state'),
    ]);
    expect(stdout).toMatch(/Submitted a result: completed 2 of 2 steps/);
    expect(code).toBe(0);
  });

  it('names what is missing when the rig is only half described', async () => {
    const { code, stderr } = await runCli(['run', join(dir, 'task.yaml'), '--port', sim.mcu.path]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--port PATH --camera rpicam\|v4l2:\/dev\/videoN --calibration FILE/);
    const bad = await runCli([
      'run',
      join(dir, 'task.yaml'),
      '--port',
      sim.mcu.path,
      '--camera',
      'webcam',
      '--calibration',
      join(dir, 'calibration.json'),
    ]);
    expect(bad.stderr).toMatch(/camera source "webcam" is not one of rpicam, v4l2/);
  });
});
