// The doctor's checks one by one: OCR data, disk space, the clock, the GPIO base on fake sysfs
// trees, the camera, and the configuration fields the doctor reads.
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { readBenchConfigFields } from '../../../src/app/doctor/bench-config-fields.js';
import { checkCamera } from '../../../src/app/doctor/camera-check.js';
import { checkClock } from '../../../src/app/doctor/clock-check.js';
import { checkDiskSpace } from '../../../src/app/doctor/disk-space-check.js';
import { checkGpio } from '../../../src/app/doctor/gpio-check.js';
import { checkOcrData } from '../../../src/app/doctor/ocr-data-check.js';
import { checkOcrEngine } from '../../../src/app/doctor/ocr-engine-check.js';
import { doctorExitCode, runDoctor } from '../../../src/app/doctor/run-doctor.js';
import { formatCheckLine } from '../../../src/app/doctor/format-doctor-report.js';
import { FakeSysfsTree } from '../../unit/gpio/fake-sysfs-tree.js';

const MB = 1024 ** 2;

describe('OCR data', () => {
  it('passes: the best_int model is installed and a worker starts offline', async () => {
    const result = await checkOcrData();
    expect(result).toMatchObject({
      name: 'ocr-data',
      status: 'pass',
      detail: expect.stringMatching(
        /best_int model in \S*@tesseract\.js-data\/eng\/4\.0\.0_best_int \(best_int, the default[^)]*\); a worker started offline in \d+ ms$/,
      ),
    });
  });
});

describe('OCR engine', () => {
  it('names the text-line detector, its model file and runtime, after running it once', async () => {
    const result = await checkOcrEngine();
    expect(result).toMatchObject({
      name: 'ocr-engine',
      status: 'pass',
      detail: expect.stringMatching(
        /^text-line detector: PP-OCRv4 text detector \S+@gutenye\/ocr-models\/assets\/ch_PP-OCRv4_det_infer\.onnx on onnxruntime-node 1\.30\.0 \(ran in \d+ ms\), then tesseract\.js reads the stacked lines/,
      ),
    });
  });

  it('warns that the reader falls back to tesseract alone where the detector cannot load, and says why', async () => {
    const result = await checkOcrEngine(async () => ({ missing: 'onnxruntime-node does not load on linux/arm' }));
    expect(result).toMatchObject({
      status: 'warn',
      detail: expect.stringMatching(
        /no text-line detector \(onnxruntime-node does not load on linux\/arm\): the reader falls back to tesseract alone/,
      ),
      fix: expect.stringContaining('64-bit OS'),
    });
  });
});

describe('disk space', () => {
  it('passes on the temp directory, measuring the nearest folder that exists', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-disk-'));
    const result = checkDiskSpace(join(dir, 'state', 'runs'));
    expect(result.status).not.toBe('fail');
    expect(result.detail).toContain(`(not created yet; measured on ${dir})`);
  });

  it('warns below 1 GB and fails below 100 MB, with the fix', () => {
    expect(checkDiskSpace('/', () => 5 * 1024 * MB)).toMatchObject({ status: 'pass', detail: '5.0 GB free for /' });
    expect(checkDiskSpace('/', () => 800 * MB)).toMatchObject({
      status: 'warn',
      detail: 'only 800 MB free for / (below 1 GB)',
    });
    const failed = checkDiskSpace('/', () => 50 * MB);
    expect(failed).toMatchObject({ status: 'fail', detail: 'only 50 MB free for / (needs at least 100 MB)' });
    expect(failed.fix).toContain('set bench.stateDir to a bigger disk');
  });
});

describe('clock', () => {
  it('fails a year before 2025 (a Pi that booted without network time)', () => {
    const result = checkClock(new Date('1970-01-01T00:00:10Z'), () => undefined);
    expect(result).toMatchObject({
      status: 'fail',
      detail: 'the clock says 1970-01-01T00:00:10.000Z, before 2025',
      fix: expect.stringContaining('sudo timedatectl set-ntp true'),
    });
  });

  it('passes when NTP synchronized it, warns when not, and says when it could not ask', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(checkClock(now, () => 'yes')).toMatchObject({
      status: 'pass',
      detail: '2026-03-01T12:00:00.000Z, synchronized by NTP',
    });
    expect(checkClock(now, () => 'no')).toMatchObject({
      status: 'warn',
      fix: expect.stringContaining('timedatectl timesync-status'),
    });
    expect(checkClock(now, () => undefined)).toMatchObject({
      status: 'pass',
      detail: expect.stringContaining('timedatectl is not available here'),
    });
  });
});

describe('GPIO base', () => {
  const trees: FakeSysfsTree[] = [];
  const newTree = (): FakeSysfsTree => {
    const tree = new FakeSysfsTree();
    trees.push(tree);
    return tree;
  };
  afterEach(() => {
    for (const tree of trees.splice(0)) tree.remove();
  });
  const config = { emergencyStop: { pin: 17 }, statusLed: { pin: 22 } };

  it('passes on a Pi 5 tree, naming the controller, its base and the sysfs numbers of the pins', () => {
    const tree = newTree().addChip('gpio-brcmstb@107d508500', 512, 32).addChip('pinctrl-rp1', 571).addExportFiles();
    expect(checkGpio(config, tree.root)).toEqual({
      name: 'gpio',
      status: 'pass',
      detail:
        'Raspberry Pi 5 controller pinctrl-rp1 at base 571: emergencyStop GPIO17 = sysfs 588, statusLed GPIO22 = sysfs 593',
    });
  });

  it('is off (a pass with a note) when no gpio is configured or it is disabled', () => {
    expect(checkGpio(undefined, '/nonexistent')).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/^off: no gpio section configured/),
    });
    expect(checkGpio({ enabled: false, ...config }, '/nonexistent')).toMatchObject({
      status: 'pass',
      detail: 'off: gpio.enabled is false',
    });
  });

  it('fails when gpio is configured but the machine has no Pi header controller', () => {
    const tree = newTree().addChip('gpio-mockup-A', 0, 8).addExportFiles();
    expect(checkGpio(config, tree.root)).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('found gpio-mockup-A'),
      fix: expect.stringContaining('set gpio.enabled: false'),
    });
  });

  it('fails when sysfs GPIO cannot export (no export file) with the gpio group fix', () => {
    const tree = newTree().addChip('pinctrl-bcm2711', 512, 58);
    expect(checkGpio(config, tree.root)).toMatchObject({
      status: 'fail',
      fix: 'sudo usermod -aG gpio $USER, then log out and in again',
    });
  });

  it('fails an invalid section naming the key', () => {
    expect(checkGpio({ emergencyStop: { pin: 40 } }, '/nonexistent')).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('gpio.emergencyStop.pin'),
    });
  });
});

describe('camera', () => {
  const picture = fileURLToPath(new URL('../../../src/sim/devices/pictures/shop-checkout.jpg', import.meta.url));

  it('passes a replay source that delivers a frame', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bh-camera-'));
    copyFileSync(picture, join(dir, 'a.jpg'));
    expect(await checkCamera(`replay:${dir}`, 3000)).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(/a \d+x\d+ jpeg frame in \d+ ms$/),
    });
  });

  it('fails a missing replay folder, an unknown source, and no source, each with a fix', async () => {
    expect(await checkCamera('replay:/nonexistent/pictures', 1000)).toMatchObject({
      status: 'fail',
      detail: '/nonexistent/pictures does not exist',
    });
    expect(await checkCamera('webcam', 1000)).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('give --camera rpicam'),
    });
    expect(await checkCamera(undefined, 1000)).toMatchObject({ status: 'fail', detail: 'no camera source configured' });
  });

  it('fails an http camera that does not answer, pointing at the camera server', async () => {
    const result = await checkCamera('http://127.0.0.1:9/', 500);
    expect(result).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('benchhand sim prints its camera address'),
    });
  });
});

describe('running the checks', () => {
  it('turns a check that throws into a failure of that check and goes on; exit 1 only on failures', async () => {
    const results = await runDoctor([
      {
        name: 'serial-device',
        run: async () => {
          throw new Error('boom');
        },
      },
      {
        name: 'clock',
        run: async () => ({
          name: 'clock',
          status: 'warn',
          detail: 'not synchronized',
          fix: 'sudo timedatectl set-ntp true',
        }),
      },
    ]);
    expect(results.map((result) => result.status)).toEqual(['fail', 'warn']);
    expect(formatCheckLine(results[0]!)).toMatch(/^✗ serial device: the check itself failed: boom — fix: /);
    expect(formatCheckLine(results[1]!)).toBe('! clock: not synchronized — fix: sudo timedatectl set-ntp true');
    expect(doctorExitCode(results)).toBe(1);
    expect(doctorExitCode(results.slice(1))).toBe(0);
  });
});

describe('configuration fields', () => {
  it('reads the fields the doctor needs, bench.id standing in for mqtt.benchId', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bh-config-')), 'config.yaml');
    writeFileSync(
      file,
      [
        'bench: { id: bench7, stateDir: /var/lib/benchhand }',
        'mcu: { port: /dev/serial0, baudRate: 115200 }',
        'camera: { source: rpicam, width: 1640 }',
        'mqtt: { url: "mqtt://pi.local:1883", username: bench7, passwordEnv: BENCHHAND_MQTT_PASSWORD }',
        'gpio: { emergencyStop: { pin: 17 } }',
      ].join('\n'),
    );
    // Read through the one config loader: the schema fills in its defaults (e.g. the button's debounce).
    expect(readBenchConfigFields(file, {})).toMatchObject({
      mcuPort: '/dev/serial0',
      cameraSource: 'rpicam',
      stateDir: '/var/lib/benchhand',
      mqtt: {
        url: 'mqtt://pi.local:1883',
        benchId: 'bench7',
        username: 'bench7',
        passwordEnv: 'BENCHHAND_MQTT_PASSWORD',
      },
      gpio: { emergencyStop: { pin: 17 } },
    });
  });

  it('names the key when a field has the wrong type', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bh-config-')), 'config.yaml');
    writeFileSync(file, 'mcu: { port: 3 }\n');
    expect(() => readBenchConfigFields(file, {})).toThrow(/line 1.*mcu\.port/s);
  });
});
