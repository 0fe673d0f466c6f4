// The flash steps in-process, with the device listing, the touch, the programs and the
// handshake injected: the bootloader that never comes, the same name coming back, an image
// built on demand, a failing avrdude, and a firmware that speaks another protocol.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOARDS, builtImagePath, type Avr109Board } from '../../../src/app/flash/boards.js';
import { runFlash, type FlashDependencies } from '../../../src/app/flash/run-flash.js';
import { shakeHandsAfterReboot } from '../../../src/app/flash/shake-hands.js';
import { waitForBootloaderPort } from '../../../src/app/flash/wait-for-bootloader-port.js';
import type { LineTransport } from '../../../src/adapters/mcu-serial/transport.js';
import { encodeMcuFrame } from '../../../src/protocol/frame.js';

const leonardo = BOARDS.leonardo as Avr109Board;

function dependencies(overrides: Partial<FlashDependencies> & { ports?: string[][] } = {}) {
  const said: string[] = [];
  const programs: { command: string; args: string[]; cwd?: string }[] = [];
  const listings = overrides.ports ?? [['/dev/ttyACM0'], [], ['/dev/ttyACM1']];
  let listed = 0;
  const deps: FlashDependencies = {
    listPorts: () => listings[Math.min(listed++, listings.length - 1)]!,
    touch: async () => undefined,
    runProgram: async (command, args, options) => {
      programs.push({ command, args, cwd: options?.cwd });
    },
    findProgram: (name) => `/usr/bin/${name}`,
    handshake: async () => {
      throw new Error('not expected');
    },
    say: (line) => said.push(line),
    ...overrides,
  };
  return { deps, said, programs };
}

describe('waitForBootloaderPort', () => {
  it('takes the same name when the port vanishes and comes back (the bootloader reused ttyACM0)', async () => {
    const listings = [['/dev/ttyACM0'], [], ['/dev/ttyACM0']];
    let n = 0;
    const port = await waitForBootloaderPort({
      listPorts: () => listings[Math.min(n++, 2)]!,
      before: ['/dev/ttyACM0'],
      touchedPort: '/dev/ttyACM0',
      pollMs: 1,
    });
    expect(port).toBe('/dev/ttyACM0');
  });

  it('gives up after the timeout and says to press reset twice', async () => {
    await expect(
      waitForBootloaderPort({
        listPorts: () => ['/dev/ttyACM0'],
        before: ['/dev/ttyACM0'],
        touchedPort: '/dev/ttyACM0',
        timeoutMs: 200,
        pollMs: 20,
      }),
    ).rejects.toThrow(
      /no bootloader port appeared within 0\.2 s after the 1200-baud touch of \/dev\/ttyACM0 \(ports before: \/dev\/ttyACM0\).*press reset twice quickly/,
    );
  });
});

describe('runFlash', () => {
  it('builds the image with scripts/firmware/avr.sh when it is missing, and says so', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bh-root-'));
    const image = builtImagePath(leonardo, root);
    const { deps, said, programs } = dependencies({
      runProgram: async (command, args, options) => {
        programs.push({ command, args, cwd: options?.cwd });
        if (command === 'bash') {
          mkdirSync(join(image, '..'), { recursive: true });
          writeFileSync(image, ':00000001FF\n');
        }
      },
    });
    expect(await runFlash({ board: leonardo, root }, deps)).toBe(0);
    expect(said[0]).toBe(`1. build the image (${image} is missing): bash scripts/firmware/avr.sh (in ${root})`);
    expect(programs).toEqual([
      { command: 'bash', args: ['scripts/firmware/avr.sh'], cwd: root },
      {
        command: '/usr/bin/avrdude',
        args: [
          '-p',
          'atmega32u4',
          '-c',
          'avr109',
          '-P',
          '/dev/ttyACM1',
          '-b',
          '57600',
          '-D',
          '-U',
          `flash:w:${image}:i`,
        ],
        cwd: undefined,
      },
    ]);
    expect(said).toContain(
      "first contact skipped: give the MCU's UART link with --link-port PATH (e.g. /dev/serial0), or mcu.port in --config FILE",
    );
  });

  it('stops when avrdude fails, before any handshake', async () => {
    const root = mkdtempSync(join(tmpdir(), 'bh-root-'));
    const image = join(root, 'x.hex');
    writeFileSync(image, ':00000001FF\n');
    let handshakes = 0;
    const { deps } = dependencies({
      runProgram: async () => {
        throw new Error('/usr/bin/avrdude ... failed (exit 1)');
      },
      handshake: async () => {
        handshakes++;
        throw new Error('no');
      },
    });
    await expect(runFlash({ board: leonardo, image, linkPort: '/dev/serial0', root }, deps)).rejects.toThrow(
      /avrdude .*failed \(exit 1\)/,
    );
    expect(handshakes).toBe(0);
  });

  it('refuses an image that is not Intel hex', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'bh-')), 'firmware.elf');
    writeFileSync(file, 'ELF');
    await expect(runFlash({ board: leonardo, image: file }, dependencies().deps)).rejects.toThrow(
      /is not an Intel hex file/,
    );
  });
});

describe('first contact with a firmware that speaks another protocol', () => {
  /** A transport whose MCU answers HELLO with protocol 0: old firmware. */
  const oldFirmware = async (): Promise<LineTransport> => {
    let listener: (line: string) => void = () => undefined;
    return {
      write: async (line) => {
        const seq = Number(line.split(' ')[0]);
        setImmediate(() =>
          listener(
            encodeMcuFrame('HELLO', seq, 0, [
              ['proto', '0'],
              ['table', '0000'],
              ['fw', '0.0.1'],
              ['board', 'leonardo'],
            ]),
          ),
        );
      },
      onLine: (l) => {
        listener = l;
      },
      onClose: () => undefined,
      close: async () => undefined,
    };
  };

  it("fails at once with the link's message saying to update the firmware", async () => {
    const started = Date.now();
    await expect(shakeHandsAfterReboot('/dev/serial0', 10_000, { open: oldFirmware })).rejects.toThrow(
      /The MCU speaks protocol 0 .*Update the firmware: run `benchhand flash`/,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
