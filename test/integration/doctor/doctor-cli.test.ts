// `benchhand doctor` as a user runs it: against the native simulated MCU and a replay camera
// everything passes (exit 0); a missing serial port fails with the fix to apply (exit 1).
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../../support/sim-mcu-fixture.js';
import { FakeSysfsTree } from '../../unit/gpio/fake-sysfs-tree.js';

const picture = fileURLToPath(new URL('../../../src/sim/devices/pictures/settings-wifi.jpg', import.meta.url));

describe('benchhand doctor', () => {
  let sim: SimFixture;
  let dir: string;
  let pictures: string;

  beforeAll(async () => {
    sim = await startSimMcu();
    dir = mkdtempSync(join(tmpdir(), 'bh-doctor-'));
    pictures = join(dir, 'pictures');
    mkdirSync(pictures);
    copyFileSync(picture, join(pictures, 'frame-0001.jpg'));
  });
  afterAll(async () => {
    await sim.cleanup();
  });

  it('passes every check on the simulated MCU, a replay camera and a fake Pi 4 GPIO tree, read from a config file', async () => {
    const tree = new FakeSysfsTree().addChip('pinctrl-bcm2711', 512, 58).addExportFiles();
    const config = join(dir, 'bench.yaml');
    writeFileSync(
      config,
      [
        'bench:',
        `  stateDir: ${join(dir, 'state')}`,
        'mcu:',
        `  port: ${sim.mcu.path}`,
        'camera:',
        `  source: replay:${pictures}`,
        'gpio:',
        '  emergencyStop: { pin: 17 }',
        'calibration:',
        '  version: 1',
        '  deviceSize: { width: 1080, height: 2400 }',
        '  cameraSize: { width: 820, height: 616 }',
        '  screenCorners: [{ x: 200, y: 20 }, { x: 620, y: 20 }, { x: 620, y: 596 }, { x: 200, y: 596 }]',
        '  actuator: { affine: [1, 0, 0, 0, 1, 0], source: taps, rmsResidualPx: 9 }',
        '  cameraResidualPx: 4',
      ].join('\n'),
    );
    const result = await runCli(['doctor', '--config', config], '', { BENCHHAND_GPIO_SYSFS_ROOT: tree.root });
    tree.remove();
    expect(result.stderr).toBe('');
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([
      `✓ serial device: ${sim.mcu.path} exists and is readable and writable (group ${lines[0]!.match(/group (\S+)\)$/)?.[1]})`,
      expect.stringMatching(
        /^✓ firmware protocol: firmware version 0\.1\.0, board sim, boot id [0-9A-F]+, protocol 2 \(table [0-9A-F]+\)$/,
      ),
      expect.stringMatching(new RegExp(`^✓ camera: replay:${pictures}: a 820x616 jpeg frame in \\d+ ms$`)),
      '✓ camera settings: not a Pi camera: its own exposure, white balance and focus are used',
      '✓ GPIO: Raspberry Pi 4 / 400 / CM4 controller pinctrl-bcm2711 at base 512: emergencyStop GPIO17 = sysfs 529',
      // hypot(9, 4) = 9.85 px rms: three times that, rounded up
      "✓ tap accuracy: tap margin 30 px: 3 x the calibration's residual of 9.8 px rms (taps 9.0, camera 4.0), at least 24 px",
      expect.stringMatching(
        /^✓ OCR data: reads with the best_int model in .*4\.0\.0_best_int \(best_int, the default; .*\); a worker started offline in \d+ ms$/,
      ),
      expect.stringMatching(
        /^✓ OCR engine: text-line detector: PP-OCRv4 text detector \S+ch_PP-OCRv4_det_infer\.onnx on onnxruntime-node 1\.30\.0 \(ran in \d+ ms\)/,
      ),
      '✓ broker: off: no broker configured (operators over MQTT are optional; mqtt.url in --config or --broker)',
      expect.stringMatching(/^[✓!] disk space: .* free for /),
      expect.stringMatching(/^[✓!] clock: 20\d\d-/),
      '✓ LLM endpoint: no LLM configured: the bench calls no LLM endpoint (script mode; --llm on the command line names one per run)',
      expect.stringMatching(/^all 12 checks passed/),
    ]);
    expect(result.code).toBe(0);
  });

  it('fails a missing serial port with the fix, and exits 1 (--json)', async () => {
    const result = await runCli([
      'doctor',
      '--port',
      join(dir, 'no-such-port'),
      '--camera',
      `replay:${pictures}`,
      '--state-dir',
      dir,
      '--timeout',
      '1',
      '--json',
    ]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      ok: boolean;
      checks: { name: string; status: string; detail: string; fix?: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.checks.map((check) => check.name)).toEqual([
      'serial-device',
      'firmware-protocol',
      'camera',
      'camera-settings',
      'gpio',
      'tap-accuracy',
      'ocr-data',
      'ocr-engine',
      'broker',
      'disk-space',
      'clock',
      'llm-endpoint',
    ]);
    expect(report.checks[0]).toEqual({
      name: 'serial-device',
      status: 'fail',
      detail: `${join(dir, 'no-such-port')} does not exist`,
      fix: expect.stringContaining(
        'plug in (or wire) the MCU, then find its path with `ls -l /dev/serial* /dev/ttyACM* /dev/ttyUSB*`',
      ),
    });
    expect(report.checks[1]).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('does not exist: is the MCU plugged in'),
    });
    expect(report.checks[2]).toMatchObject({ status: 'pass' });
  });

  it('prints the failing line with its fix', async () => {
    const result = await runCli(['doctor', '--state-dir', dir, '--camera', `replay:${pictures}`]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ serial device: no MCU serial port configured — fix: give the MCU's serial path with --port PATH or mcu.port in --config",
    );
    expect(result.stdout).toMatch(/2 of 12 checks failed.*apply the fixes above and run benchhand doctor again/);
  });
});
