// The MCU contract's link subject: a port the suite can reconnect, as the contract asks of every
// real link (native simulator, simavr, a board). `reconnect` closes the link and opens a fresh one
// in place, so a subject built on this object (Object.assign) always sees the current port.
import type { McuLink } from '../../src/adapters/mcu-serial/link.js';

export async function reconnectingLink(connect: () => Promise<McuLink>) {
  const link = {
    port: await connect(),
    async reconnect() {
      await link.port.close();
      link.port = await connect();
    },
  };
  return link;
}
