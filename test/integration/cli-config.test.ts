// The config file through the CLI: `benchhand config check` as a person runs it, and
// `benchhand run --config FILE` on a rig the file describes — the native simulated MCU on a pty
// and a replayed camera picture from the OCR corpus with its calibration (run-on-rig.test.ts,
// given through a config file instead of flags).
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../support/sim-mcu-fixture.js';

const FRAME = resolve('test/fixtures/ocr-corpus/settings-wifi-default/00001');
const NO_CONFIG = {
  BENCHHAND_CONFIG: 'none',
  BENCHHAND_MCU_PORT: '',
  BENCHHAND_STATE_DIR: '',
  BENCHHAND_CAMERA: '',
  BENCHHAND_MQTT_URL: '',
  BENCHHAND_BENCH_ID: '',
};

function calibrationOfFrame(): Record<string, unknown> {
  const truth = JSON.parse(readFileSync(`${FRAME}.truth.json`, 'utf8'));
  return {
    version: 1,
    deviceSize: truth.deviceSize,
    cameraSize: truth.cameraSize,
    screenCorners: truth.screenCorners,
    actuator: { affine: [1, 0, 0, 0, 1, 0], source: 'identity' },
  };
}

describe('benchhand config check', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'bh-config-check-'));
    writeFileSync(join(dir, 'calibration.json'), JSON.stringify(calibrationOfFrame()));
    writeFileSync(
      join(dir, 'good.yaml'),
      [
        'bench: { id: bench1, stateDir: state }',
        'mcu: { port: /dev/serial0 }',
        'camera: { source: rpicam, shutterUs: 8000 }',
        'calibration: { file: calibration.json }',
        'mqtt: { url: "mqtt://localhost:1883", username: bench1, passwordEnv: BH_TEST_PASSWORD }',
      ].join('\n'),
    );
    writeFileSync(
      join(dir, 'bad.yaml'),
      [
        'mcu:',
        '  port: /dev/serial0',
        '  speed: 9600',
        'camera:',
        '  source: webcam',
        'guardrails:',
        '  maxSteps: lots',
      ].join('\n'),
    );
  });

  it('prints OK and one line per section', async () => {
    const { code, stdout } = await runCli(['config', 'check', join(dir, 'good.yaml')], '', {
      ...NO_CONFIG,
      BH_TEST_PASSWORD: 'hunter2',
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^OK ${join(dir, 'good.yaml')}\\n`));
    expect(stdout).toMatch(/ {2}bench +id bench1, state in .*\/state\n/);
    expect(stdout).toMatch(/ {2}mcu +\/dev\/serial0 at 115200 baud\n/);
    expect(stdout).toMatch(/ {2}calibration +from .*calibration.json: device 1080x2400, camera 1640x1232/);
    expect(stdout).toMatch(/ {2}mqtt +mqtt:\/\/localhost:1883, user bench1, password from \$BH_TEST_PASSWORD \(set\)/);
    expect(stdout).toMatch(/ {2}gpio +\(not given\)/);
    expect(stdout).not.toMatch(/hunter2/);
  });

  it('prints every problem with its line, key and fix, and exits 2 (bad input)', async () => {
    const { code, stdout, stderr } = await runCli(['config', 'check', join(dir, 'bad.yaml')], '', NO_CONFIG);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/3 problem\(s\) in the config/);
    expect(stderr).toMatch(/line 3, mcu.speed: unknown key "speed".*the keys here are port, baudRate/);
    expect(stderr).toMatch(/line 5, camera.source: camera source "webcam" is not one of/);
    expect(stderr).toMatch(/line 7, guardrails.maxSteps: .*expected number.*from 1 to 10000/);
  });

  it('reads $BENCHHAND_CONFIG, applies the environment and --print shows the effective config without secrets', async () => {
    const { code, stdout } = await runCli(['config', 'check', '--print'], '', {
      ...NO_CONFIG,
      BENCHHAND_CONFIG: join(dir, 'good.yaml'),
      BENCHHAND_MCU_PORT: '/dev/ttyACM0',
      BH_TEST_PASSWORD: 'hunter2',
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(/port: \/dev\/ttyACM0 # from \$BENCHHAND_MCU_PORT/);
    expect(stdout).toMatch(/passwordEnv: BH_TEST_PASSWORD/);
    expect(stdout).toMatch(/baudRate: 115200/);
    expect(stdout).not.toMatch(/hunter2/);
  });

  it('says what is wrong with a file it cannot find or a calibration that is not there', async () => {
    const missing = await runCli(['config', 'check', join(dir, 'nope.yaml')], '', NO_CONFIG);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--config names .*nope.yaml, which does not exist/);
    writeFileSync(join(dir, 'no-calibration.yaml'), 'calibration: { file: missing.json }\n');
    const noCalibration = await runCli(['config', 'check', join(dir, 'no-calibration.yaml')], '', NO_CONFIG);
    expect(noCalibration.code).toBe(2);
    expect(noCalibration.stderr).toMatch(
      /calibration.file: cannot read the calibration .*missing.json \(ENOENT\); make one with `benchhand calibrate/,
    );
    const nothing = await runCli(['config', 'check'], '', NO_CONFIG);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/no config file to check/);
    const usage = await runCli(['config', 'validate'], '', NO_CONFIG);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/usage: benchhand config check \[FILE\] \[--print\]/);
  });
});

describe('benchhand run --config FILE on the rig the file describes', () => {
  let sim: SimFixture;
  let dir: string;
  const task = () => join(dir, 'task.yaml');
  beforeAll(async () => {
    sim = await startSimMcu();
    dir = mkdtempSync(join(tmpdir(), 'bh-config-run-'));
    writeFileSync(
      task(),
      [
        'goal: Check that the settings screen is showing.',
        'steps:',
        '  - wait_for: Network & internet',
        '  - submit: { summary: The settings screen shows. }',
      ].join('\n'),
    );
    writeFileSync(join(dir, 'calibration.json'), JSON.stringify(calibrationOfFrame()));
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('takes the serial port, the camera, an inline calibration and the state folder from the file', async () => {
    writeFileSync(
      join(dir, 'inline.yaml'),
      [
        'bench: { id: rig-test, stateDir: bench-state }',
        `mcu: { port: ${JSON.stringify(sim.mcu.path)} }`,
        `camera: { source: ${JSON.stringify(`replay:${FRAME}.camera.jpg`)} }`,
        `calibration: ${JSON.stringify(calibrationOfFrame())}`,
        'guardrails: { maxSteps: 10 }',
      ].join('\n'),
    );
    const { code, stdout, stderr } = await runCli(['run', task(), '--config', join(dir, 'inline.yaml')], '', NO_CONFIG);
    expect(stdout).toMatch(/Submitted a result: completed 2 of 2 steps/);
    expect(code).toBe(0);
    expect(stderr).toMatch(
      new RegExp(`on the rig \\(${sim.mcu.path}, camera replay:.*; config ${join(dir, 'inline.yaml')}\\)`),
    );
    const runs = readdirSync(join(dir, 'bench-state', 'runs'));
    expect(runs).toHaveLength(1);
    expect(existsSync(join(dir, 'bench-state', 'runs', runs[0]!, 'result.json'))).toBe(true);
  });

  it("takes a calibration file relative to the config, a port from $BENCHHAND_CONFIG's environment, and flags over both", async () => {
    writeFileSync(
      join(dir, 'file.yaml'),
      [
        'mcu: { port: /dev/benchhand-no-such-mcu }',
        'camera: { source: "replay:/no/such/pictures" }',
        'calibration: { file: calibration.json }',
      ].join('\n'),
    );
    const { code, stdout } = await runCli(
      ['run', task(), '--camera', `replay:${FRAME}.camera.jpg`, '--state-dir', join(dir, 'state-2'), '--quiet'],
      '',
      { ...NO_CONFIG, BENCHHAND_CONFIG: join(dir, 'file.yaml'), BENCHHAND_MCU_PORT: sim.mcu.path },
    );
    expect(stdout).toMatch(/Submitted a result: completed 2 of 2 steps/);
    expect(code).toBe(0);
    expect(existsSync(join(dir, 'state-2', 'result.json'))).toBe(true);
  });

  it('refuses a config with problems before anything moves (exit 2), and names what a half rig lacks', async () => {
    writeFileSync(
      join(dir, 'typo.yaml'),
      ['mcu:', `  port: ${JSON.stringify(sim.mcu.path)}`, '  baud: 9600'].join('\n'),
    );
    const typo = await runCli(['run', task(), '--config', join(dir, 'typo.yaml')], '', NO_CONFIG);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/line 3, mcu.baud: unknown key "baud"/);
    expect(typo.stderr).toMatch(/benchhand config check FILE/);
    writeFileSync(join(dir, 'half.yaml'), `mcu: { port: ${JSON.stringify(sim.mcu.path)} }\n`);
    const half = await runCli(['run', task(), '--config', join(dir, 'half.yaml')], '', NO_CONFIG);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(
      /half.yaml and the flags lack camera.source \(--camera\), calibration \(--calibration\)/,
    );
  });
});
