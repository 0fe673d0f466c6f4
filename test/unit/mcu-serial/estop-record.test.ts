// The bench's durable e-stop record: survives a new process (a fresh open reads it), counts a
// damaged or oversized file as latched (when in doubt nothing moves), and names the release command.
import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileEmergencyStopRecord } from '../../../src/adapters/mcu-serial/estop-record.js';

const dir = () => mkdtempSync(join(tmpdir(), 'bh-estop-record-'));

describe('FileEmergencyStopRecord', () => {
  it('is released when there is no file, and a latch is on disk for the next process', async () => {
    const stateDir = dir();
    const record = await FileEmergencyStopRecord.open(stateDir);
    expect(record.latched()).toBe(false);
    await Promise.all([record.latch('an MQTT operator'), record.latch('the MCU reported its latch')]);
    expect(readdirSync(stateDir)).toEqual(['estop.json']); // no temp file left behind
    expect(JSON.parse(readFileSync(join(stateDir, 'estop.json'), 'utf8'))).toMatchObject({
      version: 1,
      latched: true,
      by: 'an MQTT operator',
    });
    const later = await FileEmergencyStopRecord.open(stateDir);
    expect(later.latched()).toBe(true);
    expect(later.describe()).toMatch(
      new RegExp(`release it at the bench with \`benchhand estop release --state-dir ${stateDir}\``),
    );
    await later.release('a person at the bench');
    expect(await record.refresh()).toBe(false);
  });

  it.each([
    ['not JSON', '{"latched": tru', /not JSON/],
    ['no latched field', '{"version":1}', /field latched must be true or false/],
    ['too large', `{"latched":false,"pad":"${'x'.repeat(5000)}"}`, /larger than 4096 bytes/],
  ])('counts a damaged file (%s) as latched, and says so', async (_, content, why) => {
    const stateDir = dir();
    writeFileSync(join(stateDir, 'estop.json'), content);
    const record = await FileEmergencyStopRecord.open(stateDir);
    expect(record.latched()).toBe(true);
    expect(record.describe()).toMatch(why);
    await record.latch('an e-stop sent to the MCU'); // a damaged record is rewritten whole
    expect(JSON.parse(readFileSync(join(stateDir, 'estop.json'), 'utf8'))).toMatchObject({ latched: true });
  });
});
