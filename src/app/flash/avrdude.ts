// Writing a hex image to an ATmega32u4 through its Caterina bootloader (the AVR109 protocol at
// 57600 baud). -D skips the chip erase Caterina does not support; avrdude verifies by reading back.
import { spawn } from 'node:child_process';

export const AVRDUDE_INSTALL_FIX = 'sudo apt-get install avrdude';

export function avrdudeArguments(port: string, image: string): string[] {
  return ['-p', 'atmega32u4', '-c', 'avr109', '-P', port, '-b', '57600', '-D', '-U', `flash:w:${image}:i`];
}

export type RunProgram = (command: string, args: string[], options?: { cwd?: string }) => Promise<void>;

/** Runs a program with its output passed through; rejects with its exit status. */
export const runProgram: RunProgram = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: options.cwd });
    child.once('error', (error) => reject(new Error(`cannot run ${command}: ${error.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ? `signal ${signal}` : `exit ${code}`})`));
    });
  });
