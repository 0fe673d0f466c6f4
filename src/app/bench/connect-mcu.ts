// The one place the MCU link is opened: the bench (open-bench.ts) and the handshake of `flash` and
// `doctor` (app/flash/shake-hands.ts) come here, so how the host meets the firmware is one code path.
import { McuLink, type McuLinkOptions } from '../../adapters/mcu-serial/link.js';

export function connectMcu(options: McuLinkOptions): Promise<McuLink> {
  return McuLink.connect(options);
}
