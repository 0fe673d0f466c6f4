// A fake Leonardo for the 1200-baud touch: its "USB CDC port" is a pty (behind a ttyACM0 symlink
// in a fake device directory). A pty's slave and master share one termios, so `stty -F` sees the
// speed the host set; when it reads 1200, the sketch "resets into the bootloader": ttyACM0 goes
// away and the bootloader's ttyACM1 appears, as on a real board.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface FakeCaterina {
  deviceDirectory: string;
  sketchPort: string;
  bootloaderPort: string;
  /** Resolves with true once the touch was seen (false when stopped first). */
  touched: Promise<boolean>;
  stop(): void;
}

export function startFakeCaterina(ptyPath: string, options: { appear?: boolean } = {}): FakeCaterina {
  const deviceDirectory = mkdtempSync(join(tmpdir(), 'benchhand-fake-dev-'));
  const sketchPort = join(deviceDirectory, 'ttyACM0');
  const bootloaderPort = join(deviceDirectory, 'ttyACM1');
  execFileSync('stty', ['-F', ptyPath, '115200']); // the sketch runs at its own rate until touched
  symlinkSync(ptyPath, sketchPort);
  writeFileSync(join(deviceDirectory, 'ttyS0'), ''); // not a USB CDC port: never listed
  let stopped = false;
  const touched = (async () => {
    while (!stopped) {
      const speed = await run('stty', ['-F', ptyPath, 'speed']).then(
        (result) => result.stdout.trim(),
        () => '',
      );
      if (speed === '1200') {
        if (options.appear !== false) {
          rmSync(sketchPort);
          await new Promise((resolve) => setTimeout(resolve, 150));
          writeFileSync(bootloaderPort, '');
        }
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  })();
  return {
    deviceDirectory,
    sketchPort,
    bootloaderPort,
    touched,
    stop: () => {
      stopped = true;
    },
  };
}
