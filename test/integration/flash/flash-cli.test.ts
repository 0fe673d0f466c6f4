// `benchhand flash` as a user runs it, without hardware: avrdude is a fake script on PATH that
// records its arguments; the board's USB port is a pty behind a fake /dev (BENCHHAND_DEVICE_DIR)
// whose fake Caterina "resets" when it sees 1200 baud; the new firmware is the native simulated
// MCU, which answers the handshake on the link port.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtImagePath, BOARDS, type Avr109Board } from '../../../src/app/flash/boards.js';
import { runCli } from '../../support/run-cli.js';
import { startSimMcu, type SimFixture } from '../../support/sim-mcu-fixture.js';
import { makeFakeAvrdude, type FakeAvrdude } from './fake-avrdude.js';
import { startFakeCaterina, type FakeCaterina } from './fake-caterina.js';

describe('benchhand flash (Leonardo, Pro Micro)', () => {
  let link: SimFixture;
  let usb: SimFixture;
  let avrdude: FakeAvrdude;
  let caterina: FakeCaterina | undefined;
  let image: string;

  beforeAll(async () => {
    link = await startSimMcu();
    usb = await startSimMcu(); // only its pty is used: the board's USB CDC port
    avrdude = makeFakeAvrdude();
    image = join(mkdtempSync(join(tmpdir(), 'bh-image-')), 'benchhand.hex');
    writeFileSync(image, ':00000001FF\n');
  });
  afterEach(() => caterina?.stop());
  afterAll(async () => {
    await link.cleanup();
    await usb.cleanup();
    rmSync(avrdude.binDirectory, { recursive: true, force: true });
  });

  it("touches the port at 1200 baud, finds the bootloader's new port, runs avrdude on it, then shakes hands", async () => {
    caterina = startFakeCaterina(usb.mcu.ptyPath);
    const before = avrdude.calls().length;
    const result = await runCli(['flash', '--board', 'promicro', '--image', image, '--link-port', link.mcu.path], '', {
      ...avrdude.env(),
      BENCHHAND_DEVICE_DIR: caterina.deviceDirectory,
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(await caterina.touched).toBe(true);
    expect(avrdude.calls().slice(before)).toEqual([
      [
        '-p',
        'atmega32u4',
        '-c',
        'avr109',
        '-P',
        caterina.bootloaderPort,
        '-b',
        '57600',
        '-D',
        '-U',
        `flash:w:${image}:i`,
      ],
    ]);
    expect(result.stdout).toContain(`1. open ${caterina.sketchPort} at 1200 baud and close it`);
    expect(result.stdout).toContain(`bootloader on ${caterina.bootloaderPort}`);
    expect(result.stdout).toMatch(
      /first contact: firmware version 0\.1\.0, board sim, boot id [0-9A-F]+, protocol 2 \(table [0-9A-F]+\)/,
    );
  });

  it('--dry-run prints every step and runs nothing', async () => {
    caterina = startFakeCaterina(usb.mcu.ptyPath);
    const before = avrdude.calls().length;
    const result = await runCli(
      ['flash', '--board', 'leonardo-gantry', '--port', caterina.sketchPort, '--link-port', link.mcu.path, '--dry-run'],
      '',
      { ...avrdude.env(), BENCHHAND_DEVICE_DIR: caterina.deviceDirectory },
    );
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    const gantry = builtImagePath(BOARDS['leonardo-gantry'] as Avr109Board);
    expect(lines.filter((line) => line.startsWith('would '))).toEqual([
      ...(existsSync(gantry) ? [] : [expect.stringContaining('would 1. build the image')]),
      expect.stringMatching(/^would \d\. open .*ttyACM0 at 1200 baud/),
      expect.stringMatching(/^would \d\. wait up to 10 s for the bootloader's serial port/),
      expect.stringMatching(
        /^would \d\. write the image: avrdude -p atmega32u4 -c avr109 -P <the new \/dev\/ttyACM port> -b 57600 -D -U flash:w:.*benchhand-gantry\.hex:i$/,
      ),
      expect.stringMatching(new RegExp(`^would \\d\\. shake hands with the new firmware on ${link.mcu.path}`)),
    ]);
    expect(result.stdout).toContain('dry run: nothing was run.');
    expect(avrdude.calls().length).toBe(before);
    // Deliberate: proves the dry run does not touch the bootloader port for 300 ms after it returns.
    await new Promise((resolve) => setTimeout(resolve, 300));
    caterina.stop();
    expect(await caterina.touched).toBe(false);
  });

  it('says how to install avrdude when it is missing', async () => {
    caterina = startFakeCaterina(usb.mcu.ptyPath, { appear: false });
    const result = await runCli(['flash', '--image', image], '', {
      PATH: '/nonexistent',
      BENCHHAND_DEVICE_DIR: caterina.deviceDirectory,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('avrdude is not installed: sudo apt-get install avrdude');
  });

  it('asks for --port when no USB serial port, or several, are there', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'bh-dev-'));
    const none = await runCli(['flash', '--image', image], '', { ...avrdude.env(), BENCHHAND_DEVICE_DIR: empty });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(
      /no USB serial port \(\/dev\/ttyACM\*\) is there: plug the board in by USB, or give its port with --port PATH/,
    );
    writeFileSync(join(empty, 'ttyACM0'), '');
    writeFileSync(join(empty, 'ttyACM3'), '');
    const several = await runCli(['flash', '--image', image], '', { ...avrdude.env(), BENCHHAND_DEVICE_DIR: empty });
    expect(several.stderr).toMatch(
      /several USB serial ports are there \(.*ttyACM0, .*ttyACM3\): say which is the board with --port PATH/,
    );
  });

  it('refuses an unknown board with the list of boards', async () => {
    const result = await runCli(['flash', '--board', 'uno']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--board must be one of leonardo, promicro, leonardo-gantry, pico; got "uno"');
  });
});

describe('benchhand flash --board pico', () => {
  it('says PlatformIO is needed, with the exact command, since CI builds no UF2', async () => {
    const result = await runCli(['flash', '--board', 'pico', '--link-port', '/dev/serial0']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('CI builds no UF2 for it');
    expect(result.stdout).toMatch(/\n  pio run -e pico -t upload\n/);
    expect(result.stdout).toContain('benchhand doctor --port /dev/serial0');
  });
});
