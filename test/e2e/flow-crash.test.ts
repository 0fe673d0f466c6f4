// A kill -9 inside a repeat inside a sub-flow, then `benchhand resume`: the checkpoint's cursor
// says where in the nested flow the run was, recovery moves past the tap the MCU had done, and the
// run finishes — the MCU's own log shows every tap once.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveDeviceFile } from '../../src/cli/commands/sim.js';
import { BenchServer } from '../../src/sim/bench/bench-server.js';
import { VirtualBench } from '../../src/sim/bench/virtual-bench.js';
import { runCli } from '../support/run-cli.js';

let bench: VirtualBench | undefined;
let server: BenchServer | undefined;
afterEach(async () => {
  await server?.close();
  await bench?.stop();
});

describe('kill -9 in a nested flow, then resume', () => {
  it('killed verifying the More tap in the repeat of the sub-flow: resume goes on from the repeat, no tap twice', async () => {
    bench = await VirtualBench.start({ deviceFile: resolveDeviceFile('settings-wifi') });
    server = await BenchServer.start(bench);
    const dir = mkdtempSync(join(tmpdir(), 'bh-flowcrash-'));
    writeFileSync(
      join(dir, '_open.yaml'),
      'steps:\n  - tap: Network & internet\n    expect: Choose a network\n    timeout_ms: 6000\n  - repeat:\n      until: { screen_has: "${NETWORK}" }\n      max: 3\n      steps:\n        - tap: More\n          expect: "${NETWORK}"\n',
    );
    writeFileSync(
      join(dir, 'flow.yaml'),
      `device: ${resolve('src/sim/devices/settings-wifi.yaml')}\ngoal: Open a network through a nested flow\nsteps:\n  - run_flow: { file: _open.yaml, params: { NETWORK: HomeNet-5G } }\n  - tap: HomeNet-5G\n    expect: Enter the password for HomeNet-5G\n  - submit: { summary: opened }\n`,
    );
    const stateDir = join(dir, 'state');
    // Loop step 2 is the More tap (step 1 of the repeat in step 2 of the sub-flow).
    const killed = await runCli(
      ['run', join(dir, 'flow.yaml'), '--bench', server.url, '--state-dir', stateDir, '--quiet'],
      '',
      { BENCHHAND_CRASH_AT: 'verify:2' },
    );
    expect(killed.code).toBeNull();
    const tapsAtKill = bench.mcu.events().filter((e) => e.ev === 'tap_down').length;
    expect(tapsAtKill).toBe(2);
    // The checkpoint's cursor: step 1 (run_flow), its step 2 (repeat), the repeat's step 1 (More).
    const saved = JSON.parse(readFileSync(join(stateDir, 'result.json'), 'utf8')) as {
      state: { cursor: { path: unknown[] } };
    };
    expect(saved.state.cursor.path).toEqual([
      { index: 0 },
      { index: 1, branch: 'flow' },
      { index: 0, branch: 'repeat' },
    ]);
    const resumed = await runCli(['resume', join(dir, 'flow.yaml'), '--bench', server.url, '--state-dir', stateDir]);
    expect(resumed.stdout, resumed.stderr).toMatch(/^recovery: continue/m);
    expect(resumed.stdout).toMatch(/Submitted a result/);
    expect(resumed.code).toBe(0);
    // Network & internet, More, HomeNet-5G: each once on the MCU's own log.
    expect(bench.mcu.events().filter((e) => e.ev === 'tap_down')).toHaveLength(3);
    expect(bench.device.screen).toBe('password');
  }, 120000);
});
