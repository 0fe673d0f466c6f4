// After the 1200-baud touch the board's port goes away and the bootloader's port appears: a
// name that was not there before, or the same name coming back after it vanished. Polls the
// listing until one of those is seen, or says what to do when nothing appears in time.
import type { ListSerialPorts } from './serial-device-listing.js';

export interface WaitOptions {
  listPorts: ListSerialPorts;
  /** The ports listed before the touch. */
  before: string[];
  /** The port that was touched: when it disappears and comes back, that is the bootloader. */
  touchedPort: string;
  timeoutMs?: number;
  pollMs?: number;
}

export const BOOTLOADER_WAIT_MS = 10_000;

export async function waitForBootloaderPort(options: WaitOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? BOOTLOADER_WAIT_MS;
  const deadline = Date.now() + timeoutMs;
  const before = new Set(options.before);
  let touchedPortVanished = false;
  for (;;) {
    const now = options.listPorts();
    const fresh = now.find((port) => !before.has(port));
    if (fresh) return fresh;
    if (!now.includes(options.touchedPort)) touchedPortVanished = true;
    else if (touchedPortVanished) return options.touchedPort;
    if (Date.now() >= deadline) throw new Error(noBootloaderMessage(options.touchedPort, timeoutMs, options.before));
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

function noBootloaderMessage(port: string, timeoutMs: number, before: string[]): string {
  return (
    `no bootloader port appeared within ${timeoutMs / 1000} s after the 1200-baud touch of ${port} (ports before: ${before.join(', ') || 'none'}). ` +
    'Is it a Leonardo or Pro Micro running a sketch with USB serial? Otherwise start the bootloader by hand: ' +
    'press reset twice quickly (Pro Micro: short RST to GND twice) and run `benchhand flash` again within 8 s.'
  );
}
