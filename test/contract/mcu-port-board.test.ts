// The MCU contract on a real board (node-serialport's TEST_PORT): the same suite the fake, the
// native simulator and the AVR image in simavr pass. Only with BENCHHAND_MCU_TEST_PORT naming the
// board's UART (it taps and types on whatever is in front of it: put a spare phone there, or none);
// without it the suite shows as skipped, saying how to run it. Physical counts are skipped (nothing
// here can see the taps), and so is the reboot check (nothing here can reset the board).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { MemoryCommandIds } from '../../src/adapters/mcu-serial/command-ids.js';
import { FileEmergencyStopRecord } from '../../src/adapters/mcu-serial/estop-record.js';
import { McuLink } from '../../src/adapters/mcu-serial/link.js';
import { describeMcuPortContract } from './mcu-port.contract.js';
import { reconnectingLink } from '../support/reconnecting-link.js';

export const BOARD_PORT_VARIABLE = 'BENCHHAND_MCU_TEST_PORT';
/** The board's workspace when it is not the phone the bench is built for (1080x2400): WxH. */
export const BOARD_WORKSPACE_VARIABLE = 'BENCHHAND_MCU_TEST_WORKSPACE';

const path = process.env[BOARD_PORT_VARIABLE];

function expectedWorkspace(): { width: number; height: number } {
  const text = process.env[BOARD_WORKSPACE_VARIABLE] ?? '1080x2400';
  const match = /^(\d+)x(\d+)$/.exec(text);
  if (!match) throw new Error(`${BOARD_WORKSPACE_VARIABLE}="${text}": write it as WIDTHxHEIGHT, e.g. 1080x2400`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

if (!path) {
  describe.skip(`McuPort contract on a real board: set ${BOARD_PORT_VARIABLE}=/dev/ttyACM0 (the board's UART) to run it`, () => {
    it('skipped', () => {});
  });
} else {
  describeMcuPortContract(`serial link to the board on ${path} (physical counts and reboot skipped)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchhand-board-estop-'));
    const estop = await FileEmergencyStopRecord.open(dir);
    const commandIds = new MemoryCommandIds();
    const connect = () => McuLink.connect({ path, commandIds, estop });
    const subject = Object.assign(await reconnectingLink(connect), {
      estop,
      workspace: expectedWorkspace(),
      gesturesTakeTime: true,
      teardown: async () => {
        await subject.port.close();
        rmSync(dir, { recursive: true, force: true });
      },
    });
    return subject;
  });
}
