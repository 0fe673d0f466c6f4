// Which hex file to write: the one given with --image, or the one CI builds for the board,
// built now with scripts/firmware/avr.sh when it is missing.
import { existsSync } from 'node:fs';
import { packageRoot } from '../package-root.js';
import { AVR_BUILD_COMMAND, builtImagePath, type Avr109Board } from './boards.js';

export type ImageChoice =
  | { kind: 'given'; path: string }
  | { kind: 'built'; path: string }
  | { kind: 'to-build'; path: string; command: readonly string[]; cwd: string };

export function chooseImage(board: Avr109Board, given: string | undefined, root: string = packageRoot()): ImageChoice {
  if (given !== undefined) {
    if (!existsSync(given)) throw new Error(`--image ${given} does not exist`);
    if (!/\.hex$/i.test(given))
      throw new Error(`--image ${given} is not an Intel hex file (.hex): avrdude writes it with format i`);
    return { kind: 'given', path: given };
  }
  const path = builtImagePath(board, root);
  if (existsSync(path)) return { kind: 'built', path };
  return { kind: 'to-build', path, command: AVR_BUILD_COMMAND, cwd: root };
}
