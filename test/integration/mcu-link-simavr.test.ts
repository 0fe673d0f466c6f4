// The TypeScript link against the real AVR build: the Leonardo touch-variant ELF running in
// simavr, its Serial1 on a pty. Same McuPort contract as the fake and the native simulator.
// simavr has no USB host, so taps and keys cannot be observed: the contract skips its
// physical-count checks (and only those) for this subject.
import { describe, it } from 'vitest';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileEmergencyStopRecord } from '../../src/adapters/mcu-serial/estop-record.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { describeMcuPortContract } from '../contract/mcu-port.contract.js';
import { SimavrMcu, simavrMissing } from '../support/simavr-mcu.js';
import { reconnectingLink } from '../support/reconnecting-link.js';

const missing = simavrMissing();

if (missing && process.env.CI) {
  describe('AVR image in simavr', () => {
    it('is built (CI must run `npm run firmware:avr` first)', () => {
      throw new Error(missing);
    });
  });
} else if (missing) {
  describe.skip(`AVR image in simavr: ${missing}`, () => {
    it('skipped', () => {});
  });
} else {
  describeMcuPortContract(
    'serial link to the Leonardo AVR image in simavr (physical counts skipped: no USB host in simavr)',
    async () => {
      const mcu = await SimavrMcu.start();
      // 115200 baud is real here: the 200-byte HELLO reply alone is ~17 ms of wire time, and the
      // link's 300 ms default leaves ample room, so the defaults are kept.
      const dir = mkdtempSync(join(tmpdir(), 'benchhand-simavr-estop-'));
      const estop = await FileEmergencyStopRecord.open(dir);
      const commandIds = new MemoryCommandIds();
      const connect = () => McuLink.connect({ path: mcu.path, commandIds, estop });
      // No reboot here: restarting simavr gives a new pty path; the native subject covers reboots.
      const subject = Object.assign(await reconnectingLink(connect), {
        estop,
        // The phone the bench is built for: 1080x2400 actuator units (firmware/src/*/board_config.h, sim_options.h).
        workspace: { width: 1080, height: 2400 },
        gesturesTakeTime: true,
        teardown: async () => {
          await subject.port.close();
          await mcu.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      });
      return subject;
    },
  );
}
