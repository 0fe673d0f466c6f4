// `benchhand flash`: writes the firmware to the board, then shakes hands with it over the MCU's
// UART link and prints what answered. 32u4 boards through avrdude and the Caterina bootloader;
// the Pico through a UF2 or PlatformIO. --dry-run prints every step and runs nothing.
import { readBenchConfigFields } from '../../app/doctor/bench-config-fields.js';
import { BOARD_NAMES, boardNamed } from '../../app/flash/boards.js';
import { flashDependencies } from '../../app/flash/flash-dependencies.js';
import { runFlash } from '../../app/flash/run-flash.js';
import { DEFAULT_DEVICE_DIRECTORY } from '../../app/flash/serial-device-listing.js';
import { parseOptions, UsageError } from '../args.js';

const USAGE = `benchhand flash [--board ${BOARD_NAMES.join('|')}] [--port PATH] [--image FILE] [--link-port PATH | --config FILE] [--dry-run]`;

/** Where the USB serial ports are listed; only tests (a fake device directory) set it. */
export const DEVICE_DIRECTORY_VARIABLE = 'BENCHHAND_DEVICE_DIR';

export async function flashCommand(argv: string[]): Promise<number> {
  const { values } = parseOptions(
    argv,
    {
      board: { type: 'string' },
      port: { type: 'string' },
      image: { type: 'string' },
      'link-port': { type: 'string' },
      config: { type: 'string' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (values.help) {
    process.stdout.write(`usage: ${USAGE}\n`);
    return 0;
  }
  const board = boardNamed(values.board ?? 'leonardo');
  if (!board)
    throw new UsageError(`--board must be one of ${BOARD_NAMES.join(', ')}; got "${values.board}"\nusage: ${USAGE}`);
  const linkPort = values['link-port'] ?? (values.config ? readBenchConfigFields(values.config).mcuPort : undefined);
  return runFlash(
    { board, port: values.port, image: values.image, linkPort, dryRun: values['dry-run'] ?? false },
    flashDependencies(process.env[DEVICE_DIRECTORY_VARIABLE] || DEFAULT_DEVICE_DIRECTORY, (line) =>
      process.stdout.write(`${line}\n`),
    ),
  );
}
