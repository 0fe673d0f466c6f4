// The boards `benchhand flash` knows, and where each one's image comes from. The 32u4 boards
// (Leonardo, Pro Micro) take the image CI builds with Debian's avr-gcc, written with avrdude
// through the Caterina bootloader; the Pico needs PlatformIO (CI builds no UF2 for it).
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export type BoardName = 'leonardo' | 'promicro' | 'leonardo-gantry' | 'pico';

export interface Avr109Board {
  name: BoardName;
  method: 'avr109';
  imageName: string;
  platformioEnvironment: string;
}
export interface PicoBoard {
  name: BoardName;
  method: 'uf2';
  platformioEnvironment: string;
}
export type Board = Avr109Board | PicoBoard;

export const BOARDS: Readonly<Record<BoardName, Board>> = {
  // The Pro Micro runs the same image: same chip, same clock, same Caterina bootloader.
  leonardo: { name: 'leonardo', method: 'avr109', imageName: 'benchhand-touch', platformioEnvironment: 'leonardo' },
  promicro: { name: 'promicro', method: 'avr109', imageName: 'benchhand-touch', platformioEnvironment: 'promicro' },
  'leonardo-gantry': {
    name: 'leonardo-gantry',
    method: 'avr109',
    imageName: 'benchhand-gantry',
    platformioEnvironment: 'leonardo_gantry',
  },
  pico: { name: 'pico', method: 'uf2', platformioEnvironment: 'pico' },
};

export const BOARD_NAMES = Object.keys(BOARDS) as BoardName[];

export function boardNamed(name: string): Board | undefined {
  return (BOARDS as Record<string, Board | undefined>)[name];
}

/** The hex file scripts/firmware/avr.sh writes for this board. */
export function builtImagePath(board: Avr109Board, root: string = packageRoot()): string {
  return join(root, 'build', 'firmware', 'leonardo', board.imageName, `${board.imageName}.hex`);
}

/** The command that builds every 32u4 image (what CI runs). */
export const AVR_BUILD_COMMAND = ['bash', 'scripts/firmware/avr.sh'] as const;
