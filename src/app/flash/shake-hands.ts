// First contact with the firmware: open the MCU's UART link, exchange HELLO, report what answered,
// close. A protocol mismatch comes back as the link's own error, which says which side to update.
import type { McuInfo } from '../../core/ports/mcu.js';
import { openBench } from '../bench/open-bench.js';
import { McuLinkError } from '../../adapters/mcu-serial/errors.js';
import type { TransportOpener } from '../../adapters/mcu-serial/transport.js';

export interface HandshakeOptions {
  /** Give up after this long (the link retries HELLO within it). Default 3000 ms. */
  timeoutMs?: number;
  open?: TransportOpener;
}

export async function shakeHands(path: string, options: HandshakeOptions = {}): Promise<McuInfo> {
  const replyTimeoutMs = 300;
  const maxSends = Math.max(1, Math.floor((options.timeoutMs ?? 3000) / replyTimeoutMs));
  // The link as every command builds it (openBench), with no command ids: a handshake sends no command.
  const bench = openBench({
    mcu: {
      path,
      commandIds: 'none',
      timing: { replyTimeoutMs, maxSends, heartbeatMs: 60_000, ...(options.open ? { open: options.open } : {}) },
    },
    say: () => undefined,
  });
  try {
    await bench.start('mcu');
    return bench.get('mcu').info;
  } finally {
    await bench.stop();
  }
}

/**
 * After flashing the board reboots (the bootloader waits, then starts the sketch): keep trying
 * until it answers or `waitMs` runs out. A mismatch is final at once: waiting will not fix it.
 */
export async function shakeHandsAfterReboot(
  path: string,
  waitMs: number,
  options: HandshakeOptions = {},
): Promise<McuInfo> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await shakeHands(path, options);
    } catch (error) {
      if (error instanceof McuLinkError && error.code === 'HANDSHAKE_MISMATCH') throw error;
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export function describeFirmware(info: McuInfo): string {
  return `firmware version ${info.firmwareVersion}, board ${info.board}, boot id ${info.bootId}, protocol ${info.protocolVersion} (table ${info.tableHash})`;
}
