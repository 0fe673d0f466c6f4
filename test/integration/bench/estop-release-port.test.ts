// `benchhand estop release --port` through openBench: the bench's file e-stop record and its MCU
// link, on the real firmware core behind a pty. A latched MCU and record are both released; a
// record that is not latched is left as it is and the MCU is not touched.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estopDirectory, FileEmergencyStopRecord } from '../../../src/adapters/mcu-serial/estop-record.js';
import { openBench } from '../../../src/app/bench/open-bench.js';
import { releaseEstop } from '../../../src/app/bench/estop-release.js';
import { startSimMcu, type SimFixture } from '../../support/sim-mcu-fixture.js';

let sim: SimFixture;
beforeAll(async () => {
  sim = await startSimMcu();
});
afterAll(async () => {
  await sim?.cleanup();
});

describe('estop release --port, with the parts openBench builds', () => {
  it('releases the latched MCU and the durable record', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'bh-estop-'));
    const bench = openBench({ stateDir, mcu: { path: sim.mcu.path, commandIds: 'memory', estop: 'state-dir' } });
    try {
      await bench.start('mcu');
      await bench.get('mcu').emergencyStop();
      expect((await bench.get('mcu').status()).state).toBe('estopped');
    } finally {
      await bench.stop();
    }
    const said = await releaseEstop(stateDir, 'a test at the bench', sim.mcu.path);
    expect(said).toMatch(/^e-stop released: the MCU is disarmed/);
    expect((await FileEmergencyStopRecord.open(estopDirectory(stateDir))).latched()).toBe(false);
    expect(await releaseEstop(stateDir, 'a test', sim.mcu.path)).toMatch(/nothing to release/);
  });
});
