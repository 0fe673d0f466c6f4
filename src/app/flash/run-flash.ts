// `benchhand flash` as a list of steps, each printed before it runs; a dry run prints them all
// and runs nothing. 32u4 boards: the image (built when missing), avrdude on PATH, the
// 1200-baud touch, the bootloader's new port, avrdude. The Pico: a UF2 onto its BOOTSEL drive,
// or the PlatformIO command to run. Then first contact over the MCU's UART link.
import { copyFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { McuInfo } from '../../core/ports/mcu.js';
import { packageRoot } from '../package-root.js';
import { avrdudeArguments, AVRDUDE_INSTALL_FIX, type RunProgram } from './avrdude.js';
import type { Avr109Board, Board, PicoBoard } from './boards.js';
import type { BootloaderTouch } from '../../adapters/mcu-serial/bootloader-touch.js';
import { chooseImage } from './firmware-image.js';
import { findBootselDrive, findBuiltUf2, platformioUploadCommand } from './pico-instructions.js';
import type { ListSerialPorts } from './serial-device-listing.js';
import { describeFirmware } from './shake-hands.js';
import { BOOTLOADER_WAIT_MS, waitForBootloaderPort } from './wait-for-bootloader-port.js';

export interface FlashOptions {
  board: Board;
  /** The board's USB serial port (32u4: the sketch's CDC port); default: the only /dev/ttyACM*. */
  port?: string;
  image?: string;
  /** The MCU's UART link for the handshake afterwards; none: first contact is skipped, with a note. */
  linkPort?: string;
  dryRun?: boolean;
  bootloaderWaitMs?: number;
  /** How long the new firmware may take to boot and answer HELLO. */
  rebootWaitMs?: number;
  /** The checkout (build/ and scripts/ are found under it). */
  root?: string;
}

export interface FlashDependencies {
  listPorts: ListSerialPorts;
  touch: BootloaderTouch;
  runProgram: RunProgram;
  findProgram: (name: string) => string | undefined;
  handshake: (path: string, waitMs: number) => Promise<McuInfo>;
  findBootselDrive?: () => string | undefined;
  say: (line: string) => void;
}

export class FlashError extends Error {}

export async function runFlash(options: FlashOptions, deps: FlashDependencies): Promise<number> {
  const steps = new StepPrinter(deps.say, options.dryRun ?? false);
  const flashed =
    options.board.method === 'avr109'
      ? await flashAvr109(options.board, options, deps, steps)
      : await flashPico(options.board, options, deps, steps);
  if (!flashed) return options.dryRun ? 0 : 1;
  await firstContact(options, deps, steps);
  if (options.dryRun) deps.say('dry run: nothing was run.');
  return 0;
}

class StepPrinter {
  private count = 0;
  constructor(
    private readonly say: (line: string) => void,
    readonly dryRun: boolean,
  ) {}
  /** Prints the step; true when it should be run. */
  step(text: string): boolean {
    this.count++;
    this.say(`${this.dryRun ? `would ${this.count}.` : `${this.count}.`} ${text}`);
    return !this.dryRun;
  }
}

async function flashAvr109(
  board: Avr109Board,
  options: FlashOptions,
  deps: FlashDependencies,
  steps: StepPrinter,
): Promise<boolean> {
  const root = options.root ?? packageRoot();
  const image = chooseImage(board, options.image, root);
  if (image.kind === 'to-build') {
    if (steps.step(`build the image (${image.path} is missing): ${image.command.join(' ')} (in ${image.cwd})`)) {
      const [command, ...args] = image.command;
      await deps.runProgram(command!, args, { cwd: image.cwd });
      if (!existsSync(image.path))
        throw new FlashError(`${image.command.join(' ')} finished but ${image.path} is still missing`);
    }
  } else {
    deps.say(`image: ${image.path}${image.kind === 'built' ? ' (built by scripts/firmware/avr.sh)' : ''}`);
  }

  const avrdude = deps.findProgram('avrdude');
  if (!avrdude && !steps.dryRun) throw new FlashError(`avrdude is not installed: ${AVRDUDE_INSTALL_FIX}`);
  if (!avrdude) deps.say(`note: avrdude is not installed (${AVRDUDE_INSTALL_FIX})`);

  const before = deps.listPorts();
  const port = options.port ?? onlyPort(before, steps.dryRun);
  let bootloaderPort = '<the new /dev/ttyACM port>';
  const waitMs = options.bootloaderWaitMs ?? BOOTLOADER_WAIT_MS;
  if (steps.step(`open ${port} at 1200 baud and close it: the board restarts into its Caterina bootloader`))
    await deps.touch(port);
  if (
    steps.step(
      `wait up to ${waitMs / 1000} s for the bootloader's serial port to appear (ports before: ${before.join(', ') || 'none'})`,
    )
  ) {
    bootloaderPort = await waitForBootloaderPort({
      listPorts: deps.listPorts,
      before,
      touchedPort: port,
      timeoutMs: waitMs,
    });
    deps.say(`   bootloader on ${bootloaderPort}`);
  }
  const args = avrdudeArguments(bootloaderPort, image.path);
  if (steps.step(`write the image: avrdude ${args.join(' ')}`)) await deps.runProgram(avrdude!, args);
  return true;
}

function onlyPort(ports: string[], dryRun: boolean): string {
  if (ports.length === 1) return ports[0]!;
  if (dryRun) return ports.length === 0 ? "<the board's /dev/ttyACM port>" : `<one of ${ports.join(', ')}>`;
  if (ports.length === 0)
    throw new FlashError(
      'no USB serial port (/dev/ttyACM*) is there: plug the board in by USB, or give its port with --port PATH',
    );
  throw new FlashError(
    `several USB serial ports are there (${ports.join(', ')}): say which is the board with --port PATH`,
  );
}

async function flashPico(
  board: PicoBoard,
  options: FlashOptions,
  deps: FlashDependencies,
  steps: StepPrinter,
): Promise<boolean> {
  const root = options.root ?? packageRoot();
  const uf2 = options.image ?? findBuiltUf2(root);
  if (uf2 !== undefined && !existsSync(uf2)) throw new FlashError(`--image ${uf2} does not exist`);
  if (uf2 === undefined) {
    const command = platformioUploadCommand(board.platformioEnvironment, options.port);
    deps.say(
      'The Pico needs PlatformIO: CI builds no UF2 for it (Debian ships no arduino-pico core, so build/firmware/pico/ holds none).',
    );
    deps.say(`From the checkout (${root}) run:\n  ${command}`);
    if (!deps.findProgram('pio'))
      deps.say('PlatformIO is not installed: pipx install platformio (or see https://platformio.org/install/cli)');
    deps.say('Or build a UF2 with PlatformIO (pio run -e pico), then: benchhand flash --board pico --image FILE.uf2');
    deps.say(`After the upload, check first contact: benchhand doctor --port ${options.linkPort ?? 'LINK_PORT'}`);
    return false;
  }
  const drive = (deps.findBootselDrive ?? findBootselDrive)();
  const target = drive ? join(drive, basename(uf2)) : '<the RPI-RP2 drive>';
  if (!drive && !steps.dryRun) {
    throw new FlashError(
      "the Pico's RPI-RP2 drive is not mounted: hold BOOTSEL while plugging the Pico in, wait for the drive to appear, and run this again",
    );
  }
  if (steps.step(`copy ${uf2} to ${target}: the Pico writes it and restarts`)) copyFileSync(uf2, target);
  return true;
}

async function firstContact(options: FlashOptions, deps: FlashDependencies, steps: StepPrinter): Promise<void> {
  if (!options.linkPort) {
    deps.say(
      "first contact skipped: give the MCU's UART link with --link-port PATH (e.g. /dev/serial0), or mcu.port in --config FILE",
    );
    return;
  }
  const waitMs = options.rebootWaitMs ?? 10_000;
  if (
    !steps.step(
      `shake hands with the new firmware on ${options.linkPort} (HELLO; up to ${waitMs / 1000} s for it to boot)`,
    )
  )
    return;
  const info = await deps.handshake(options.linkPort, waitMs);
  deps.say(`first contact: ${describeFirmware(info)}`);
}
