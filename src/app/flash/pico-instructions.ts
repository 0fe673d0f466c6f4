// The Pico cannot be flashed from what CI builds: its board glue needs arduino-pico, which
// Debian does not ship, so CI stops at the core cross-compiled for cortex-m0plus. Either a UF2
// is copied onto the RPI-RP2 drive (hold BOOTSEL while plugging in), or PlatformIO builds and
// uploads it.
import { existsSync, readdirSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../package-root.js';

export function platformioUploadCommand(environment: string, port?: string): string {
  return `pio run -e ${environment} -t upload${port ? ` --upload-port ${port}` : ''}`;
}

/** A UF2 under build/firmware/pico/ (none there unless someone built one with PlatformIO). */
export function findBuiltUf2(root: string = packageRoot()): string | undefined {
  const directory = join(root, 'build', 'firmware', 'pico');
  if (!existsSync(directory)) return undefined;
  const name = readdirSync(directory)
    .filter((entry) => entry.endsWith('.uf2'))
    .sort()[0];
  return name ? join(directory, name) : undefined;
}

/** Where desktop and lite Raspberry Pi OS mount the Pico's BOOTSEL drive. */
export function bootselDriveCandidates(): string[] {
  const user = safeUserName();
  return [`/media/${user}/RPI-RP2`, `/run/media/${user}/RPI-RP2`, '/media/RPI-RP2', '/mnt/RPI-RP2'];
}

export function findBootselDrive(candidates: string[] = bootselDriveCandidates()): string | undefined {
  return candidates.find((path) => existsSync(join(path, 'INFO_UF2.TXT')));
}

function safeUserName(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? 'pi';
  }
}
